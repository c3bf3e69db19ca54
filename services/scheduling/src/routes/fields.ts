import { z } from 'zod'

export const appointmentId = z.object({ id: z.uuid({ error: 'must be an appointment id' }) })
