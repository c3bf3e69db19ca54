import { env, serviceEnvSchema } from '@hearing/service-kit'
import { z } from 'zod'

/** Upper bound of an access token's life (the refresh token carries the session). */
export const MAX_ACCESS_TOKEN_TTL_SECONDS = 900

export const configSchema = serviceEnvSchema.extend({
  /** Identity verifies tokens against its own keys, so it has no use for its own JWKS URL. */
  IDENTITY_JWKS_URL: env.httpUrl.optional(),
  /** At least 120 s: the web client refreshes when 90 s remain (SPEC §9). */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(120).max(MAX_ACCESS_TOKEN_TTL_SECONDS).default(MAX_ACCESS_TOKEN_TTL_SECONDS),
})
export type Config = z.output<typeof configSchema>
