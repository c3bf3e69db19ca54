import { env, retentionEnv, serviceEnvSchema } from '@hearing/service-kit'
import { z } from 'zod'

/** The sender when EMAIL_FROM is not set. */
export const DEFAULT_EMAIL_FROM = 'North Georgia Hearing Care <no-reply@example.com>'

// An empty value (docker compose's `${SMTP_URL:-}`) means "not set".
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v)

export const configSchema = serviceEnvSchema.extend({
  REDIS_URL: env.redisUrl,
  /** Which customer-messaging provider answers: the embedded local one (Postgres), or Podium. */
  MESSAGING_PROVIDER: z.enum(['local', 'podium']).default('local'),
  /** Calls of the provider a minute, all replicas together (Podium: 300). */
  MESSAGING_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  /** Contact-form messages one address may send in an hour (a shared office or test network may need more). */
  CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Podium OAuth app (required with podium): its client id and secret (a secret: never logged). */
  PODIUM_CLIENT_ID: z.preprocess(unsetIfEmpty, z.string().min(1).max(200).optional()),
  PODIUM_CLIENT_SECRET: z.preprocess(unsetIfEmpty, z.string().min(1).max(500).optional()),
  /** Seals the provider's OAuth tokens in the database (required with podium); kept outside it. */
  PROVIDER_TOKEN_SECRET: z.preprocess(unsetIfEmpty, z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional()),
  /** While changing PROVIDER_TOKEN_SECRET: the old one, so tokens sealed with it are opened and re-sealed at boot. */
  PROVIDER_TOKEN_SECRET_PREVIOUS: z.preprocess(unsetIfEmpty, z.string().min(32, 'must be at least 32 characters').optional()),
  /** Podium's API, authorize and token URLs (the docs disagree on the OAuth host: both are settings). */
  PODIUM_API_URL: env.httpUrl.default('https://api.podium.com'),
  PODIUM_AUTHORIZE_URL: env.httpUrl.default('https://api.podium.com/oauth/authorize'),
  PODIUM_TOKEN_URL: env.httpUrl.default('https://api.podium.com/oauth/token'),
  /** The dated API version sent as `podium-version`. */
  PODIUM_VERSION: z.string().regex(/^\d{4}\.\d{2}\.\d{2}$/).default('2021.04.01'),
  /** How long one Podium request may take. */
  PODIUM_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** Where browsers reach the site: Podium redirects the admin back to PUBLIC_URL/api/messaging/podium/callback. */
  PUBLIC_URL: env.httpUrl.default('http://localhost:8080').transform((v) => v.replace(/\/+$/, '')),
  /**
   * Outbound e-mail server, e.g. smtps://USER:PASSWORD@smtp.example.com:465. Not set: e-mails are
   * kept in the local mailbox (Postgres) that admins read in the dashboard.
   */
  SMTP_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine((v) => /^smtps?:\/\/[^/\s]+/.test(v), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /**
   * Prefix of the queues' keys in Redis. Stacks that share one Redis (several local runs, test
   * stacks) must differ here, or one stack's worker takes another's jobs.
   */
  QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, ":", "_" or "-" only').default('bull'),
  /**
   * Whether this process also runs the queue workers that deliver e-mail and provider calls (default
   * true). false: an API-only process that queues work for separate worker processes (dist/worker.js),
   * so the workers can scale apart from the API.
   */
  MESSAGING_QUEUE_WORKERS: z.stringbool().default(true),
  /** Sender of every e-mail: an address, or "Name <address>". */
  EMAIL_FROM: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine((v) => /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(v.trim()), 'must be an e-mail address or "Name <address>"')
      .default(DEFAULT_EMAIL_FROM),
  ),
  /** Inbox messages and e-mails, once their delivery is settled, are purged this many months after they came. */
  RETENTION_MONTHS: retentionEnv.months(24),
  RETENTION_SWEEP_HOURS: retentionEnv.RETENTION_SWEEP_HOURS,
}).refine((c) => c.MESSAGING_PROVIDER !== 'podium' || (c.PODIUM_CLIENT_ID && c.PODIUM_CLIENT_SECRET), {
  message: 'MESSAGING_PROVIDER=podium needs PODIUM_CLIENT_ID and PODIUM_CLIENT_SECRET',
  path: ['PODIUM_CLIENT_ID'],
}).refine((c) => c.MESSAGING_PROVIDER !== 'podium' || c.PROVIDER_TOKEN_SECRET, {
  message: 'MESSAGING_PROVIDER=podium needs PROVIDER_TOKEN_SECRET (at least 32 characters) to seal its tokens',
  path: ['PROVIDER_TOKEN_SECRET'],
})
export type Config = z.output<typeof configSchema>
