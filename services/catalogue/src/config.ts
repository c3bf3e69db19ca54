import { serviceEnvSchema } from '@hearing/service-kit'
import type { z } from 'zod'

export const configSchema = serviceEnvSchema
export type Config = z.output<typeof configSchema>
