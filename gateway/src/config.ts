import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { env } from '@hearing/service-kit'
import { z } from 'zod'

/** web/dist of this repository; src/ and dist/ are both one level below the gateway package. */
const repoWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url))

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/** An unset variable and an empty one (`PUBLIC_URL=` in a .env file) mean the same thing. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

/** proxy-addr (Fastify's trustProxy) accepts addresses, CIDR ranges and these names. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const n = Number(bits)
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128)
}

const proxyList = z
  .string()
  .default('')
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .refine((list) => list.every(isProxyAddress), 'must be a comma-separated list of IP addresses or CIDR ranges')

/** One service's replicas: a URL, or several separated by commas. */
const upstreamList = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .refine((list) => list.length > 0 && list.every((u) => /^https?:\/\/.+/.test(u)), 'must be an http(s) URL, or several separated by commas')

export const configSchema = z.object({
  PORT: env.port(8080),
  HOST: env.host,
  /** GET /metrics (Prometheus) on this port of its own, never on the public one; unset: not served. */
  METRICS_PORT: env.port(0).optional().transform((p) => p || undefined),
  LOG_LEVEL: env.logLevel,
  /** Rate-limit counters. */
  REDIS_URL: env.redisUrl,
  IDENTITY_URL: upstreamList,
  SCHEDULING_URL: upstreamList,
  MESSAGING_URL: upstreamList,
  CATALOGUE_URL: upstreamList,
  CONTENT_URL: upstreamList,
  /** The built SPA (index.html, assets/, spa-routes.json). */
  WEB_DIST_DIR: z.string().min(1).default(repoWebDist).transform((p) => path.resolve(p)),
  /** Proxies whose X-Forwarded-For is believed. Empty: the client address is the TCP peer, whatever headers say. */
  TRUSTED_PROXIES: proxyList,
  RATE_LIMIT_MAX: positiveInt(300),
  RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  /**
   * Prefix of the rate-limit counters' Redis keys. Stacks sharing one Redis need different ones, or
   * they count each other's visitors (the launcher derives one per data directory, as for queues).
   */
  RATE_LIMIT_PREFIX: z.string().min(1).max(100).default('gateway-rate-limit:'),
  /**
   * The longest the gateway answers a public API read from its memory (api-cache.ts), when the
   * service allows it (Cache-Control: public, max-age); 0 turns that cache off.
   */
  API_CACHE_MAX_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  UPSTREAM_TIMEOUT_MS: positiveInt(10_000),
  /** Where the public reaches the site, e.g. https://example.org; https turns on upgrade-insecure-requests. */
  PUBLIC_URL: optional(env.httpUrl),
})
export type Config = z.output<typeof configSchema>
