import { env, serviceEnvSchema } from '@hearing/service-kit'
import { z } from 'zod'

/** The sender when EMAIL_FROM is not set. */
export const DEFAULT_EMAIL_FROM = 'North Georgia Hearing Care <no-reply@example.com>'

// An empty value (docker compose's `${SMTP_URL:-}`) means "not set".
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v)

export const configSchema = serviceEnvSchema.extend({
  REDIS_URL: env.redisUrl,
  /** Which customer-messaging provider answers: the embedded local one (Postgres). */
  MESSAGING_PROVIDER: z.enum(['local']).default('local'),
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
  /** Sender of every e-mail: an address, or "Name <address>". */
  EMAIL_FROM: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine((v) => /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(v.trim()), 'must be an e-mail address or "Name <address>"')
      .default(DEFAULT_EMAIL_FROM),
  ),
})
export type Config = z.output<typeof configSchema>
