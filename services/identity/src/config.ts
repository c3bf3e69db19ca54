import { serviceNamed } from '@hearing/contracts'
import { env, serviceEnvSchema } from '@hearing/service-kit'
import { z } from 'zod'

/** Upper bound of an access token's life (the refresh token carries the session). */
export const MAX_ACCESS_TOKEN_TTL_SECONDS = 900

/** 'true'/'false' (also 1/0, yes/no) from the environment; z.coerce.boolean would read 'false' as true. */
const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** Unset or empty (compose's `${VAR:-}`) both mean "not configured". */
const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional()

/** The variables, without the cross-field checks (which zod's .pick() cannot carry). */
export const configFields = serviceEnvSchema.extend({
  /** Identity verifies tokens against its own keys, so it has no use for its own JWKS URL. */
  IDENTITY_JWKS_URL: env.httpUrl.optional(),
  /** At least 120 s: the web client refreshes when 90 s remain (SPEC §9). */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(120).max(MAX_ACCESS_TOKEN_TTL_SECONDS).default(MAX_ACCESS_TOKEN_TTL_SECONDS),
  /** Where browsers reach the site: links in e-mails, the Google callback, the allowed Origin. */
  PUBLIC_URL: env.httpUrl.default('http://localhost:8080').transform((v) => v.replace(/\/+$/, '')),
  /**
   * The path under PUBLIC_URL where the gateway forwards to identity: the cookies' Path and the
   * confirmation link's route. Must match the gateway's.
   */
  PUBLIC_API_PREFIX: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)+$/, 'must be a path like /api/identity (no trailing slash)')
    .default(`/api/${serviceNamed('identity').gatewayPrefix}`),
  /**
   * messaging-sync's base URL for transactional e-mail. Unset: e-mails are kept in identity's
   * outbox (nothing is lost) and go out once it is set.
   */
  MESSAGING_INTERNAL_URL: env.httpUrl.transform((v) => v.replace(/\/+$/, '')).optional(),
  /**
   * The services holding a person's data, asked for "Download my data" and erasing it when an
   * account is deleted (messaging-sync: MESSAGING_INTERNAL_URL). Unset: that part is missing from
   * downloads and a deletion waits for it, retried, until it is set.
   */
  SCHEDULING_INTERNAL_URL: env.httpUrl.transform((v) => v.replace(/\/+$/, '')).optional(),
  CATALOGUE_INTERNAL_URL: env.httpUrl.transform((v) => v.replace(/\/+$/, '')).optional(),
  CONTENT_INTERNAL_URL: env.httpUrl.transform((v) => v.replace(/\/+$/, '')).optional(),
  /** A session unused for this long ends (each refresh extends it). */
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** A session ends this long after sign-in, however active. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Google sign-in: both or neither. Without them the button explains it is not set up. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** OpenID issuer of Google (tests point it at a mock). */
  GOOGLE_ISSUER: env.httpUrl.default('https://accounts.google.com').transform((v) => v.replace(/\/+$/, '')),
  /** The refresh cookie's Secure flag. Browsers accept Secure cookies from http://localhost too. */
  COOKIE_SECURE: booleanFlag(true),
  /**
   * Seals the private signing keys kept in PostgreSQL (AES-256-GCM), so a database backup alone
   * cannot mint tokens. A Kubernetes Secret; `npm start` generates one into DATA_DIR.
   */
  SIGNING_KEY_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)'),
  /** While changing SIGNING_KEY_SECRET: the old one, so keys sealed with it are opened and re-sealed. */
  SIGNING_KEY_SECRET_PREVIOUS: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** A signing key signs for this many days; its successor is published 15 minutes before it takes over. */
  SIGNING_KEY_ROTATE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** First-run admin account (read by dist/bootstrap-admin.js only). */
  ADMIN_EMAIL: optionalText.pipe(z.email().toLowerCase().optional()),
  ADMIN_PASSWORD: z
    .string()
    .transform((v) => v || undefined)
    .optional(),
})

export const configSchema = configFields.superRefine((c, ctx) => {
  if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
    const missing = c.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'
    ctx.addIssue({ code: 'custom', path: [missing], message: 'set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together, or neither' })
  }
  if (c.SESSION_MAX_DAYS < c.REFRESH_TOKEN_TTL_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['SESSION_MAX_DAYS'], message: 'must be at least REFRESH_TOKEN_TTL_DAYS' })
  }
})
export type Config = z.output<typeof configSchema>

/** scheme://host[:port] of PUBLIC_URL: what a same-site browser request sends as Origin. */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL'>): string {
  return new URL(config.PUBLIC_URL).origin
}
