import { z } from 'zod'
import type { Topic } from '../database.js'

/** The payload of each topic a producer may hand over (the handover contract). */

const noLineBreaks = (v: string) => !/[\r\n]/.test(v)
const text = (max: number) => z.string().trim().min(1).max(max)
const isoInstant = z.iso.datetime({ offset: true })

export const emailPayload = z.strictObject({
  to: z.email({ error: 'must be an e-mail address' }).max(320),
  subject: z.string().trim().min(1).max(300).refine(noLineBreaks, 'must be a single line'),
  text: z.string().min(1).max(100_000),
  html: z.string().min(1).max(200_000).optional(),
  attachments: z
    .array(
      z.strictObject({
        filename: text(200).refine(noLineBreaks, 'must be a single line'),
        contentType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type'),
        contentBase64: z.base64().max(7_000_000),
      }),
    )
    .max(5)
    .optional(),
  /**
   * What the e-mail is (confirm, reset, invite...), shown to staff in the mailbox. Given for
   * e-mails that carry a secret link: their text is then never shown to anyone but the recipient.
   */
  kind: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/).optional(),
})
export type EmailPayload = z.output<typeof emailPayload>

export const messagePayload = z.strictObject({
  kind: z.enum(['contact', 'booking', 'order']),
  location_uid: text(100),
  first_name: text(100),
  last_name: text(100),
  phone: text(40),
  email: z.email().max(320).optional(),
  text: text(5000),
})
export type MessagePayload = z.output<typeof messagePayload>

export const contactPayload = z.strictObject({
  user_id: text(100),
  // The spec's flow needs a first or a last name, not both.
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
  email: z.email().max(320),
  phone: text(40).optional(),
  location_uid: text(100).optional(),
})
export type ContactPayload = z.output<typeof contactPayload>
export const contactPayloadChecked = contactPayload.refine((c) => c.first_name !== '' || c.last_name !== '', { message: 'a first or a last name is needed', path: ['first_name'] })

export const appointmentPayload = z.strictObject({
  appointment_id: text(100),
  location_uid: text(100),
  first_name: text(100),
  last_name: text(100),
  // Staff may schedule for a patient whose phone we do not have.
  phone: text(40).optional(),
  email: z.email().max(320).optional(),
  starts_at: isoInstant,
  ends_at: isoInstant,
  type_name: text(200),
  notes: z.string().max(5000).optional(),
})
export type AppointmentPayload = z.output<typeof appointmentPayload>

export const payloadSchemas: Record<Topic, z.ZodType> = {
  email: emailPayload,
  message: messagePayload,
  contact: contactPayload,
  appointment: appointmentPayload,
}
