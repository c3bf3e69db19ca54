import { createHash, randomBytes } from 'node:crypto'
import type { Sealer } from '@hearing/service-kit'
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
  /** Seals the tokens at rest under PROVIDER_TOKEN_SECRET (a copy of the database opens nothing). */
  sealer: Sealer
}

/** Podium's scopes this product uses (contracts.md §1). */
export const PODIUM_SCOPES = ['read_locations', 'read_contacts', 'write_contacts', 'read_messages', 'write_messages', 'write_appointments']

const PROVIDER = 'podium'
/** A token this close to expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60_000
/** Long enough to sign in at Podium and consent; a state is used once and only the newest counts. */
export const STATE_TTL_MS = 5 * 60_000

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

/** What each sealed column is bound to, so an access token cannot pass for a refresh token. */
const ACCESS_LABEL = `${PROVIDER}:access`
const REFRESH_LABEL = `${PROVIDER}:refresh`

/**
 * Podium's OAuth tokens, kept in Postgres sealed (server-side only; never logged). The access token is
 * refreshed shortly before it expires or when Podium answers 401; one refresh at a time: within
 * this process by sharing the promise, across replicas by the row lock (a replica that waited
 * finds the token already renewed and uses it).
 */
export function podiumTokens(db: Kysely<Database>, settings: PodiumOAuthSettings) {
  let refreshing: Promise<string> | undefined
  const { sealer } = settings

  const sealed = (answer: TokenAnswer) => ({
    access_token: sealer.seal(ACCESS_LABEL, answer.access_token),
    refresh_token: sealer.seal(REFRESH_LABEL, answer.refresh_token),
    wrap_key_id: sealer.wrapKeyId,
    expires_at: expiry(answer),
    updated_at: new Date(),
  })

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
      const current = sealer.open(ACCESS_LABEL, row.access_token)
      // Another replica renewed it while this one waited for the lock.
      if (current !== stale && row.expires_at.getTime() > Date.now() + REFRESH_MARGIN_MS) return current
      const answer = await requestTokens({ grant_type: 'refresh_token', refresh_token: sealer.open(REFRESH_LABEL, row.refresh_token) })
      await trx.updateTable('provider_tokens').set(sealed(answer)).where('provider', '=', PROVIDER).execute()
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

    /**
     * Seals tokens kept in clear (rows from before sealing) or under PROVIDER_TOKEN_SECRET_PREVIOUS
     * with the current secret: run at boot, so a changed secret needs its previous value only once.
     * A row no configured secret opens stops the boot with a message naming the variable.
     */
    async sealAtRest(): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('provider_tokens').selectAll().where('provider', '=', PROVIDER).forUpdate().executeTakeFirst()
        if (!row || row.wrap_key_id === sealer.wrapKeyId) return false
        const inClear = row.wrap_key_id === null
        const access = inClear ? row.access_token : sealer.open(ACCESS_LABEL, row.access_token)
        const refreshToken = inClear ? row.refresh_token : sealer.open(REFRESH_LABEL, row.refresh_token)
        await trx
          .updateTable('provider_tokens')
          .set({ access_token: sealer.seal(ACCESS_LABEL, access), refresh_token: sealer.seal(REFRESH_LABEL, refreshToken), wrap_key_id: sealer.wrapKeyId })
          .where('provider', '=', PROVIDER)
          .execute()
        return true
      })
    },

    /** A usable access token, refreshed first when it is about to expire. */
    async accessToken(): Promise<string> {
      const row = await db.selectFrom('provider_tokens').select(['access_token', 'expires_at']).where('provider', '=', PROVIDER).executeTakeFirst()
      if (!row) throw new NotConnectedError()
      const token = sealer.open(ACCESS_LABEL, row.access_token)
      if (row.expires_at.getTime() > Date.now() + REFRESH_MARGIN_MS) return token
      return refresh(token)
    },

    async status() {
      const row = await db.selectFrom('provider_tokens').select(['expires_at', 'updated_at', 'connected_by']).where('provider', '=', PROVIDER).executeTakeFirst()
      return row ? { connected: true, since: row.updated_at.toISOString() } : { connected: false, since: null }
    },

    /**
     * The address an admin is sent to, with a fresh single-use `state` bound to their session and
     * to their browser (`browser`: the secret of the cookie it is given). Earlier states end: only
     * the newest attempt can complete.
     */
    async authorizeUrl(admin: { id: string; sessionId: string }, browser: string): Promise<string> {
      const state = randomBytes(24).toString('base64url')
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('oauth_states').execute()
        await trx.insertInto('oauth_states').values({ state_hash: sha256(state), browser_hash: sha256(browser), created_by: admin.id, session_id: admin.sessionId }).execute()
      })
      const url = new URL(settings.authorizeUrl)
      url.search = new URLSearchParams({ client_id: settings.clientId, redirect_uri: settings.redirectUri, response_type: 'code', scope: PODIUM_SCOPES.join(' '), state }).toString()
      return url.toString()
    },

    /**
     * Podium sent a browser back: the state is used up if it is the one we issued (recently) to
     * this browser. Answers who started it, and in which session, or null.
     */
    async claim(state: string, browser: string): Promise<{ adminId: string; sessionId: string } | null> {
      const issued = await db
        .deleteFrom('oauth_states')
        .where('state_hash', '=', sha256(state))
        .where('browser_hash', '=', sha256(browser))
        .where('created_at', '>', new Date(Date.now() - STATE_TTL_MS))
        .returning(['created_by', 'session_id'])
        .executeTakeFirst()
      return issued ? { adminId: issued.created_by, sessionId: issued.session_id } : null
    },

    /** The code of a claimed state becomes the practice's tokens; no other state stays usable. */
    async complete(code: string, adminId: string): Promise<void> {
      const answer = await requestTokens({ grant_type: 'authorization_code', code, redirect_uri: settings.redirectUri })
      const values = { ...sealed(answer), connected_by: adminId }
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('provider_tokens')
          .values({ provider: PROVIDER, ...values })
          .onConflict((oc) => oc.column('provider').doUpdateSet(values))
          .execute()
        await trx.deleteFrom('oauth_states').execute()
      })
    },
  }
}
export type PodiumTokens = ReturnType<typeof podiumTokens>
