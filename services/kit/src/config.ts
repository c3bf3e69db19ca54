import { z } from 'zod'

/** Thrown when the environment does not satisfy a process's configuration schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Validates the environment once, at boot. Every problem names the variable at fault. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)'
    const detail = issue.code === 'invalid_type' && env[name] === undefined ? 'is required' : issue.message
    return `${name}: ${detail}`
  })
  throw new ConfigError(problems)
}

/** For server entry points: print a readable reason and exit instead of a stack trace. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  try {
    return loadConfig(schema, env)
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(78) // EX_CONFIG
    }
    throw err
  }
}

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), 'must be a postgres:// connection URL')
const redisUrl = z.string().refine((v) => /^rediss?:\/\/.+/.test(v), 'must be a redis:// or rediss:// URL')
const httpUrl = z.string().refine((v) => /^https?:\/\/.+/.test(v), 'must be an http(s) URL')

/** Shapes reused by every process's schema. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  host: z.string().min(1).default('0.0.0.0'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  postgresUrl,
  redisUrl,
  httpUrl,
  /** Shared secret for service-to-service /internal routes. */
  internalToken: z.string().min(32, 'must be at least 32 characters'),
}

/** An optional variable: unset and empty (docker compose's `${X:-}`) both mean "not set". */
export const optionalEnv = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

/** A Shopify store's Storefront API (the catalogue's products and carts, content's blogs). */
export const storefrontEnv = {
  /** The store's origin, e.g. https://example.myshopify.com (tests: the fake). */
  SHOPIFY_STORE_URL: optionalEnv(httpUrl),
  /** Storefront API private access token (a secret). */
  SHOPIFY_STOREFRONT_TOKEN: optionalEnv(z.string().regex(/^\S+$/, 'must not contain spaces')),
  /** Storefront API version (quarterly, YYYY-MM). */
  SHOPIFY_API_VERSION: z.string().regex(/^(\d{4}-\d{2}|unstable)$/, 'must be a version such as 2025-07').default('2025-07'),
}

/** Variables every service reads. Services extend this with their own. */
export const serviceEnvSchema = z.object({
  PORT: env.port(3000),
  HOST: env.host,
  /** GET /metrics (Prometheus) on this port of its own, out of the gateway's reach; unset: not served. */
  METRICS_PORT: env.port(0).optional().transform((p) => p || undefined),
  LOG_LEVEL: env.logLevel,
  DATABASE_URL: env.postgresUrl,
  INTERNAL_TOKEN: env.internalToken,
  IDENTITY_JWKS_URL: env.httpUrl,
  JWT_ISSUER: z.string().min(1).default('hearing-care-identity'),
  JWT_AUDIENCE: z.string().min(1).default('hearing-care-api'),
  /** How long an answer of identity's session check stands (sessions.ts): a revoked session is refused within this. */
  SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
})
export type ServiceEnv = z.output<typeof serviceEnvSchema>
