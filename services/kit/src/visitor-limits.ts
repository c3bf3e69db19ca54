import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { withTimeout } from './db.js'

/**
 * Limits on what an anonymous visitor can make the practice do to someone else: e-mail an address,
 * message a phone, fill a clinic's inbox. Counted in Redis in fixed windows, so every replica of
 * every service shares one count; keys hold hashes, never an address or an e-mail.
 *
 * Why not @fastify/rate-limit (it is the gateway's request limit, gateway/src/rate-limit.ts):
 * it counts a request at a hook, whatever then happens to it, while these count only what the
 * route accepts and acts on (a contact message past the honeypot and the clinic check, an e-mail
 * actually sent), and one count (per recipient) is shared by routes of different services. Both
 * are a SET NX + INCR in one round trip here.
 */
export interface WindowRule {
  /** Hits allowed per window... */
  limit: number
  /** ...of this many seconds (the window starts at its first hit). */
  windowSeconds: number
}

export type LimitAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * E-mails a visitor's request sends to the address typed in the form (order receipts, booking
 * acknowledgements), per recipient, whichever service sends them: a person asks a couple of times
 * a day at most; beyond that the request still goes through, without another e-mail.
 */
export const VISITOR_MAIL_PER_RECIPIENT: WindowRule = { limit: 2, windowSeconds: 24 * 3600 }

/** The counter names services share: one per recipient across services, one per form and address. */
export const visitorMailKey = (email: string) => ['mail-to', email.trim().toLowerCase()] as const

export interface VisitorLimiter {
  /**
   * Counts one hit of `name` for `value` and says whether it is within `rule`. Redis away or slow:
   * allowed (a patient is never refused for our outage; the limits are back with Redis).
   */
  hit(name: string, value: string, rule: WindowRule): Promise<LimitAnswer>
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url')

/** A limiter on the service's Redis connection (app.redis); `prefix` keeps one stack's counts apart from another's. */
export function visitorLimiter(redis: Redis | null | undefined, prefix: string, timeoutMs = 500): VisitorLimiter {
  return {
    async hit(name, value, rule) {
      if (!redis || redis.status !== 'ready') return { allowed: true }
      const key = `${prefix}:limit:${name}:${hash(value)}`
      try {
        // One round trip, atomic: the window starts with its first hit and is never extended.
        const replies = await withTimeout(redis.multi().set(key, 0, 'EX', rule.windowSeconds, 'NX').incr(key).ttl(key).exec(), timeoutMs)
        const count = Number(replies?.[1]?.[1])
        const ttl = Number(replies?.[2]?.[1])
        if (!Number.isFinite(count) || count <= rule.limit) return { allowed: true }
        return { allowed: false, retryAfterSeconds: ttl > 0 ? ttl : rule.windowSeconds }
      } catch {
        return { allowed: true }
      }
    },
  }
}

/** "about 42 minutes", "about 3 hours": a wait as a person reads it. */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return 'a minute'
  if (seconds < 90 * 60) return `about ${Math.round(seconds / 60)} minutes`
  return `about ${Math.round(seconds / 3600)} hours`
}
