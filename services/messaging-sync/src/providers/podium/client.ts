import { PermanentDeliveryError, RetryLaterError } from '../../delivery/channel.js'
import type { PodiumTokens } from './tokens.js'

export interface PodiumApiSettings {
  apiUrl: string
  version: string
  timeoutMs: number
  /** When Podium says 429 without saying how long (it documents no header), the queue pauses this long. */
  retryAfterMs?: number
}

const DEFAULT_RETRY_AFTER_MS = 15_000
/** Answers retrying cannot change: Podium refused the content or the permission. */
const PERMANENT = new Set([400, 403, 404, 409, 422])

interface Envelope<T> {
  data: T
  metadata?: { nextCursor?: string | null }
}

/**
 * Podium API v4 calls: Bearer token (renewed once on 401), the `podium-version` header, its error
 * envelope turned into our failure kinds (429: pause and come back; 400/403/404: permanent, with
 * Podium's reason kept; anything else: retried with backoff). Nothing personal is logged here.
 */
export function podiumClient(tokens: PodiumTokens, settings: PodiumApiSettings) {
  const base = settings.apiUrl.replace(/\/+$/, '')

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
    for (let attempt = 0; ; attempt++) {
      const token = await tokens.accessToken()
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'podium-version': settings.version, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs),
      })
      if (res.status === 401 && attempt === 0) {
        await res.body?.cancel()
        await tokens.refresh(token)
        continue
      }
      const answer = (await res.json().catch(() => null)) as (Envelope<T> & { code?: string; message?: string }) | null
      if (res.ok && answer) return answer
      const reason = `Podium ${method} ${path.split('?')[0]}: HTTP ${res.status}${answer?.code ? ` ${answer.code}` : ''}${answer?.message ? `: ${String(answer.message).slice(0, 300)}` : ''}`
      if (res.status === 429) {
        const seconds = Number(res.headers.get('retry-after'))
        throw new RetryLaterError(reason, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : (settings.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS))
      }
      if (PERMANENT.has(res.status)) throw new PermanentDeliveryError(reason)
      throw new Error(reason)
    }
  }

  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
    /** Every item of a list endpoint, following metadata.nextCursor. */
    async all<T>(path: string): Promise<T[]> {
      const items: T[] = []
      let cursor: string | null | undefined
      do {
        const page = await call<T[]>('GET', `${path}?${new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) })}`)
        items.push(...page.data)
        cursor = page.metadata?.nextCursor
      } while (cursor)
      return items
    },
  }
}
export type PodiumClient = ReturnType<typeof podiumClient>
