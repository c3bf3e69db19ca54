import { env, serviceEnvSchema } from '@hearing/service-kit'
import type { z } from 'zod'

export const configSchema = serviceEnvSchema.extend({
  /** messaging-sync's base URL: where the outbox relay hands booking requests to the clinic. */
  MESSAGING_INTERNAL_URL: env.httpUrl.optional(),
  /** Where patients reach the site: the links in their e-mails (cancel an appointment). */
  PUBLIC_URL: env.httpUrl.default('http://localhost:8080').transform((v) => v.replace(/\/+$/, '')),
})
export type Config = z.output<typeof configSchema>
