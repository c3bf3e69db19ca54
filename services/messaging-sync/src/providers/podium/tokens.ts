import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../database.js'

export interface PodiumOAuthSettings {
  clientId: string
  clientSecret: string
  authorizeUrl: string
  tokenUrl: string
  /** PUBLIC_URL/api/messaging/podium/callback: where Podium sends the admin back. */
  redirectUri: string
  timeoutMs: number
}

/** Podium's scopes this product uses (contracts.md §1). */
export const PODIUM_SCOPES = ['read_locations', 'read_contacts', 'write_contacts', 'read_messages', 'write_messages', 'write_appointments']

const PROVIDER = 'podium'
/** A token this close to expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60_000
const STATE_TTL_MS = 10 * 60_000

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** Thrown when no admin has connected Podium yet (or the connection was refused): retried until they do. */
export class NotConnectedError extends Error {
  constructor(message = 'Podium is not connected: an admin must connect it in the dashboard (Settings).') {
    super(message)
    this.name = 'NotConnectedError'
  }
}

interface TokenAnswer {
  access_token: string
  refresh_token: string
  expires_in: number
}

/**
 * Podium's OAuth tokens, kept in Postgres (server-side only; never logged). The access token is
 * refreshed shortly before it expires or when Podium answers 401; one refresh at a time: within
 * this process by sharing the promise, across replicas by the row lock (a replica that waited
 * finds the token already renewed and uses it).
 */
export function podiumTokens(db: Kysely<Database>, settings: PodiumOAuthSettings) {
  let refreshing: Promise<string> | undefined

  async function requestTokens(body: Record<string, string>): Promise<TokenAnswer> {
    const res = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: settings.clientId, client_secret: settings.clientSecret, ...body }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
    const answer = (await res.json().catch(() => ({}))) as Partial<TokenAnswer> & { error?: string }
    if (!res.ok || !answer.access_token || !answer.refresh_token) {
      // Podium's error code only: the body may echo what was sent.
      throw new Error(`Podium token request failed: HTTP ${res.status}${answer.error ? ` ${String(answer.error).slice(0, 60)}` : ''}`)
    }
    return { access_token: answer.access_token, refresh_token: answer.refresh_token, expires_in: Number(answer.expires_in ?? 36_000) }
  }

  const expiry = (answer: TokenAnswer) => new Date(Date.now() + answer.expires_in * 1000)

  async function refreshNow(stale: string): Promise<string> {
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('provider_tokens').selectAll().where('provider', '=', PROVIDER).forUpdate().executeTakeFirst()
      if (!row) throw new NotConnectedError()
      // Another replica renewed it while this one waited for the lock.
      if (row.access_token !== stale && row.expires_at.getTime() > Date.now() + REFRESH_MARGIN_MS) return row.access_token
      const answer = await requestTokens({ grant_type: 'refresh_token', refresh_token: row.refresh_token })
      await trx
        .updateTable('provider_tokens')
        .set({ access_token: answer.access_token, refresh_token: answer.refresh_token, expires_at: expiry(answer), updated_at: new Date() })
        .where('provider', '=', PROVIDER)
        .execute()
      return answer.access_token
    })
  }

  /** Renews the token `stale` (Podium refused it or it is expiring); concurrent callers share one renewal. */
  function refresh(stale: string): Promise<string> {
    refreshing ??= refreshNow(stale).finally(() => (refreshing = undefined))
    return refreshing
  }

  return {
    refresh,

    /** A usable access token, refreshed first when it is about to expire. */
    async accessToken(): Promise<string> {
      const row = await db.selectFrom('provider_tokens').select(['access_token', 'expires_at']).where('provider', '=', PROVIDER).executeTakeFirst()
      if (!row) throw new NotConnectedError()
      if (row.expires_at.getTime() > Date.now() + REFRESH_MARGIN_MS) return row.access_token
      return refresh(row.access_token)
    },

    async status() {
      const row = await db.selectFrom('provider_tokens').select(['expires_at', 'updated_at', 'connected_by']).where('provider', '=', PROVIDER).executeTakeFirst()
      return row ? { connected: true, since: row.updated_at.toISOString() } : { connected: false, since: null }
    },

    /** The address an admin is sent to, with a fresh single-use `state` bound to them. */
    async authorizeUrl(adminId: string): Promise<string> {
      const state = randomBytes(24).toString('base64url')
      await db.deleteFrom('oauth_states').where('created_at', '<', new Date(Date.now() - STATE_TTL_MS)).execute()
      await db.insertInto('oauth_states').values({ state_hash: sha256(state), created_by: adminId }).execute()
      const url = new URL(settings.authorizeUrl)
      url.search = new URLSearchParams({ client_id: settings.clientId, redirect_uri: settings.redirectUri, response_type: 'code', scope: PODIUM_SCOPES.join(' '), state }).toString()
      return url.toString()
    },

    /** Podium sent the admin back: the state must be one we issued (once, recently); the code becomes tokens. */
    async complete(state: string, code: string): Promise<void> {
      const issued = await db
        .deleteFrom('oauth_states')
        .where('state_hash', '=', sha256(state))
        .where('created_at', '>', new Date(Date.now() - STATE_TTL_MS))
        .returning('created_by')
        .executeTakeFirst()
      if (!issued) throw new Error('unknown or expired state')
      const answer = await requestTokens({ grant_type: 'authorization_code', code, redirect_uri: settings.redirectUri })
      const values = { access_token: answer.access_token, refresh_token: answer.refresh_token, expires_at: expiry(answer), connected_by: issued.created_by, updated_at: new Date() }
      await db
        .insertInto('provider_tokens')
        .values({ provider: PROVIDER, ...values })
        .onConflict((oc) => oc.column('provider').doUpdateSet(values))
        .execute()
    },
  }
}
export type PodiumTokens = ReturnType<typeof podiumTokens>
