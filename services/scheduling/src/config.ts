import { env, serviceEnvSchema } from '@hearing/service-kit'
import { z } from 'zod'
import { parseReminderOffsets } from './reminders.js'

export const configSchema = serviceEnvSchema.extend({
  /** messaging-sync's base URL: where the outbox relay hands booking requests to the clinic. */
  MESSAGING_INTERNAL_URL: env.httpUrl.optional(),
  /** Where patients reach the site: the links in their e-mails (cancel an appointment). */
  PUBLIC_URL: env.httpUrl.default('http://localhost:8080').transform((v) => v.replace(/\/+$/, '')),
  /** How far ahead patients may request a time online, in days (later: they call the clinic). */
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(14).max(730).default(120),
  /** Requests one visitor (one address, one e-mail or one phone) may have waiting for staff at once. */
  BOOKING_MAX_PENDING_PER_VISITOR: z.coerce.number().int().min(1).max(50).default(3),
  /** Requests one visitor may have waiting on one clinic's day: no single source can fill a day. */
  BOOKING_MAX_PENDING_PER_DAY: z.coerce.number().int().min(1).max(20).default(2),
  /** When patients are reminded of a confirmed visit, before it: "48h,2h" (units m, h, d). */
  APPOINTMENT_REMINDERS: z
    .string()
    .default('48h,2h')
    .transform((v, ctx) => parseReminderOffsets(v) ?? (ctx.addIssue({ code: 'custom', message: 'must be a list such as "48h,2h" (units m, h, d)' }), z.NEVER)),
  /** How often each replica looks for reminders due, in seconds. */
  REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
})
export type Config = z.output<typeof configSchema>
