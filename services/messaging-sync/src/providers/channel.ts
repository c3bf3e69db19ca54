import type { App } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Database } from '../database.js'
import { PermanentDeliveryError, startChannel, type Channel, type ChannelOptions } from '../delivery/channel.js'
import { appointmentPayload, contactPayload, messagePayload, textPayload, type MessagePayload } from '@hearing/contracts'
import { phoneIsAnAccounts, phoneToSync } from '../contact/shared-phones.js'
import type { MessagingProvider } from './provider.js'

/**
 * Production defaults of the provider channel: Podium allows 300 requests a minute (MESSAGING_RATE_PER_MINUTE
 * sets the limiter); 10 quick attempts from 2 s, then one an hour for 5 days.
 */
export const PROVIDER_CHANNEL_DEFAULTS: ChannelOptions = {
  queueName: 'provider',
  prefix: 'bull',
  attempts: 10,
  backoffMs: 2_000,
  jitter: 0.3,
  slowRetryMs: 3600_000,
  patienceMs: 5 * 24 * 3600_000,
  sweepIntervalMs: 30_000,
  staleAfterMs: 5 * 60_000,
  sweepBatch: 500,
  concurrency: 4,
  limit: providerLimit(300),
  enqueueTimeoutMs: 2_000,
  // Two channels close one after the other (worker, then queue): 2 × 2 × 5 s fits the kit's 25 s budget.
  closeTimeoutMs: 5_000,
}

/**
 * The queue's limiter for a provider allowing `ratePerMinute`: 2% under the limit, in windows of
 * about 100 ms. Short windows because the provider counts its own minute, which never lines up
 * with BullMQ's windows: in any 60 s the provider sees at most 98% of its limit plus two windows'
 * worth (a burst of a whole minute's budget at the start of each of our minutes could meet the
 * tail of the previous one). Not one call per window: each window costs the worker a wait.
 */
export function providerLimit(ratePerMinute: number): ChannelOptions['limit'] {
  const max = Math.max(1, Math.round(ratePerMinute / 600))
  return { max, durationMs: Math.ceil((max * 60_000) / (ratePerMinute * 0.98)) }
}

/** Called once a message was delivered or kept (idempotent: a retried job may call it again). */
export type MessageForwarder = (message: MessagePayload, deliveryId: string) => Promise<void>

/** Messages, contacts, appointments and texts: calls of the messaging provider, one limiter for all. */
export function startProviderChannel(
  app: App,
  { db, provider, redisUrl, options, forward }: { db: Kysely<Database>; provider: MessagingProvider; redisUrl: string; options: ChannelOptions; forward?: MessageForwarder },
): Channel {
  const parse = <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: Error } }, value: unknown): T => {
    const result = schema.safeParse(value)
    if (!result.success) throw new PermanentDeliveryError(`invalid payload: ${result.error.message}`)
    return result.data
  }
  return startChannel(app, {
    db,
    redisUrl,
    topics: ['message', 'contact', 'appointment', 'text'],
    options,
    async handle(delivery) {
      switch (delivery.topic) {
        case 'message': {
          const message = parse(messagePayload, delivery.payload)
          // From an account's phone (a household's, maybe): its contact keeps the account's name.
          const result = await provider.sendMessage(message, delivery.id, { nameContact: !(await phoneIsAnAccounts(db, message.phone)) })
          await forward?.(message, delivery.id)
          return result
        }
        case 'contact': {
          const { phone: given, ...rest } = parse(contactPayload, delivery.payload)
          // A household's phone stays with the account synced with it first (shared-phones.ts).
          const phone = await phoneToSync(db, rest.user_id, given)
          const contact = phone === undefined ? rest : { ...rest, phone }
          const result = await provider.upsertContact(contact, delivery.id)
          // The integration record: this user is that contact now.
          await db
            .insertInto('contact_links')
            .values({ user_id: contact.user_id, contact_id: result.providerRef ?? contact.email })
            .onConflict((oc) => oc.column('user_id').doUpdateSet({ contact_id: result.providerRef ?? contact.email, last_synced: new Date() }))
            .execute()
          return result
        }
        case 'appointment':
          return provider.createAppointment(parse(appointmentPayload, delivery.payload), delivery.id)
        case 'text': {
          const text = parse(textPayload, delivery.payload)
          // A reminder held up past the visit's start (the provider was away) is no use: not sent.
          if (Date.parse(text.expires_at) <= Date.now()) throw new PermanentDeliveryError('Not sent: too late, the appointment has started')
          return provider.sendText(text, delivery.id)
        }
        default:
          throw new PermanentDeliveryError(`topic ${delivery.topic} is not delivered by the provider`)
      }
    },
  })
}
