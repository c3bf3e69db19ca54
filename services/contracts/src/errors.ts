import { z } from 'zod'

/** Every error answer of every service and the gateway: 4xx with what is wrong, 5xx without internals. */
export const errorBody = z.object({ statusCode: z.number(), error: z.string(), message: z.string() })
export type ErrorBody = z.infer<typeof errorBody>
