import { randomUUID } from 'node:crypto'
import { DEFAULT_PATIENT_LANGUAGE, greetingNameProblem, patientLanguage, usPhoneE164, usPhoneField } from '@hearing/contracts'
import { errorBody, errorPayload, registerVisitorLimits, visitorLimit, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { contactMessageText } from '../contact/message.js'
import type { Database } from '../database.js'
import type { Channel } from '../delivery/channel.js'
import { insertDelivery } from '../delivery/store.js'
import type { MessagingProvider } from '../providers/provider.js'

const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    // The reply the provider sends to the phone typed greets by this name: a name, nothing else
    // (no link, no digits, no control or direction characters; contracts' greetingNameProblem).
    .superRefine((v, ctx) => {
      const problem = greetingNameProblem(v)
      if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}` })
    })

export const contactForm = z.strictObject({
  first_name: name('First name'),
  last_name: name('Last name'),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .pipe(usPhoneField('Phone must be a valid US phone number')),
  location_uid: z.string({ error: 'Preferred location is required' }).trim().min(1, 'Preferred location is required').max(100),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message must be at most 5,000 characters')
    .refine((v) => !UNSAFE_TEXT.test(v), 'Message contains characters that are not allowed'),
  /** A field people never see (the honeypot): bots fill it in. */
  website: z.string().max(500).optional(),
  /** The language the patient wrote in: staff see it in the inbox. */
  language: patientLanguage.optional(),
})

export interface ContactRateLimit {
  /** Messages per address per window; beyond it 429. Generous: a clinic's shared network writes too. */
  max: number
  windowSeconds: number
}

export const CONTACT_RATE_DEFAULTS: ContactRateLimit = { max: 10, windowSeconds: 3600 }

/**
 * POST /contact (public; /api/messaging/contact through the gateway): the contact form. The message
 * is committed to Postgres before the 202, then delivered by the provider channel (send_message).
 */
export const contactRoutes: RouteGroup<Database, { provider: MessagingProvider; channel: Channel; rate: ContactRateLimit; keyPrefix: string }> = async (app, { provider, channel, rate, keyPrefix }) => {
  const db = app.db
  await registerVisitorLimits(app, { prefix: keyPrefix })
  const perAddress = visitorLimit({ max: rate.max, windowSeconds: rate.windowSeconds, message: () => 'Too many messages from your network. Please call us or try again later.' })

  app.post(
    '/contact',
    {
      bodyLimit: 32 * 1024,
      config: { rateLimit: perAddress },
      schema: { body: contactForm, response: { 202: z.object({ id: z.string() }), 400: errorBody, 429: errorBody } },
    },
    async (req, reply) => {
      const form = req.body
      // A bot filled in the hidden field: answer as if it worked, keep nothing.
      if (form.website) return reply.code(202).send({ id: randomUUID() })
      const location = (await provider.getLocations()).find((l) => l.uid === form.location_uid)
      if (!location) return reply.code(400).send(errorPayload(400, 'body.location_uid: Preferred location must be one of our clinics'))
      const phone = usPhoneE164(form.phone)!
      const row = await insertDelivery(db, {
        source: 'messaging-sync',
        key: `contact-form:${randomUUID()}`,
        topic: 'message',
        payload: {
          kind: 'contact',
          location_uid: location.uid,
          first_name: form.first_name,
          last_name: form.last_name,
          phone,
          text: contactMessageText({ ...form, phone, location: location.name }),
        },
        language: form.language ?? DEFAULT_PATIENT_LANGUAGE,
      })
      await channel.enqueue(row.id)
      // No name, phone or text in logs: personal data.
      req.log.info({ deliveryId: row.id }, 'contact message accepted')
      return reply.code(202).send({ id: row.id })
    },
  )
}
