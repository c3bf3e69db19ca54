import { env, serviceEnvSchema } from '@hearing/service-kit'
import { z } from 'zod'

export const configSchema = serviceEnvSchema.extend({
  REDIS_URL: env.redisUrl,
  /** Which customer-messaging provider answers: the embedded local one (Postgres). */
  MESSAGING_PROVIDER: z.enum(['local']).default('local'),
})
export type Config = z.output<typeof configSchema>
