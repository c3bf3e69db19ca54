import { z } from 'zod'
import { patientLanguage } from './language.js'

/**
 * The outbox's handover contract: what a producer (identity, scheduling, catalogue) may hand
 * messaging-sync under each topic. Producers are typed by it (the kit's addToOutbox) and
 * messaging-sync validates every item with it on arrival.
 */
export const OUTBOX_TOPICS = ['email', 'message', 'contact', 'appointment', 'text'] as const
export type OutboxTopic = (typeof OUTBOX_TOPICS)[number]


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
  /** The appointment a booking message is about (links the inbox and the appointments both ways). */
  appointment_id: z.uuid().optional(),
  /** The language the patient wrote, booked or ordered in: staff see it in the inbox. */
  language: patientLanguage.optional(),
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

/** The texts the practice sends a patient's phone through the messaging provider. */
export const TEXT_KINDS = ['appointment-reminder'] as const
export type TextKind = (typeof TEXT_KINDS)[number]

/** Longest text body: a few SMS segments, enough for a reminder with its link. */
export const TEXT_BODY_MAX = 480

/**
 * A short text to a patient's phone (the provider's messaging; the local provider keeps it). The
 * body is the producer's own wording, never free text a visitor typed (no names, no notes): the
 * phone may be a household's. It is sent as long as it is useful, until `expires_at` (the visit's
 * start for a reminder), and its text is shown to no one but the patient (it carries a link).
 */
export const textPayload = z.strictObject({
  kind: z.enum(TEXT_KINDS),
  location_uid: text(100),
  phone: text(40),
  body: text(TEXT_BODY_MAX),
  expires_at: isoInstant,
  /** Whose it is (personal data, the patient's page); not sent to the provider. */
  user_id: text(100).optional(),
  email: z.email().max(320),
  appointment_id: z.uuid().optional(),
})
export type TextPayload = z.output<typeof textPayload>

export const outboxPayloads = {
  email: emailPayload,
  message: messagePayload,
  contact: contactPayloadChecked,
  appointment: appointmentPayload,
  text: textPayload,
} as const satisfies Record<OutboxTopic, z.ZodType>

/** What a producer writes under a topic. */
export type OutboxPayload<T extends OutboxTopic = OutboxTopic> = z.input<(typeof outboxPayloads)[T]>

/**
 * A payload with its topic, the two checked together: what a producer's addToOutbox writes and
 * what messaging-sync stores (a union over the topics, so a payload never goes under another's).
 */
export type OutboxEntry<T extends OutboxTopic = OutboxTopic> = T extends OutboxTopic ? { topic: T; payload: OutboxPayload<T> } : never

/** The producer's idempotency key of an item (e.g. `booking:<id>:request`), and its outbox row id. */
export const outboxKey = z.string().min(1).max(200)
export const outboxItemId = z.string().min(1).max(100)

const handedOver = <T extends OutboxTopic>(topic: T) => z.strictObject({ id: outboxItemId, key: outboxKey, topic: z.literal(topic), payload: outboxPayloads[topic] })

/**
 * One item of a relay's handover (`POST /internal/outbox` on messaging-sync), its payload checked
 * with its topic's schema from outboxPayloads.
 */
export const outboxHandoverItem = z.discriminatedUnion('topic', [handedOver('email'), handedOver('message'), handedOver('contact'), handedOver('appointment'), handedOver('text')])
export type OutboxHandoverItem = z.output<typeof outboxHandoverItem>

/** Every topic has its item above: a topic added to OUTBOX_TOPICS without one fails to compile here. */
type TopicWithoutHandover = Exclude<OutboxTopic, OutboxHandoverItem['topic']>
const everyTopicHandedOver: [TopicWithoutHandover] extends [never] ? true : TopicWithoutHandover = true
void everyTopicHandedOver
