import { serviceNamed } from '@hearing/contracts'
import { createService, registerPersonalDataRoutes, routeGroup, staffDirectoryClient, watchQueues, type BuildOptions, type SchemaPlan, type ServiceApp } from '@hearing/service-kit'
import type { Config } from './config.js'
import { clinicForwarder } from './contact/forward.js'
import { messagingPersonalData } from './contact/personal-data.js'
import { contactSync, type ContactSyncOptions } from './contact/sync.js'
import type { Database, Topic } from './database.js'
import type { Channel, ChannelOptions } from './delivery/channel.js'
import { EMAIL_CHANNEL_DEFAULTS, startEmailChannel } from './email/channel.js'
import { createMailer } from './email/mailer.js'
import { PROVIDER_CHANNEL_DEFAULTS, providerLimit, startProviderChannel } from './providers/channel.js'
import { providerFromConfig } from './providers/from-config.js'
import { retention } from './retention.js'
import { contactSyncRoutes } from './routes/contact-sync.js'
import { CONTACT_RATE_DEFAULTS, contactRoutes, type ContactRateLimit } from './routes/contact.js'
import { mailboxRoutes } from './routes/emails.js'
import { inboxRoutes } from './routes/inbox.js'
import { adminPatientRecordRoutes } from './routes/admin-patient-records.js'
import { locationsRoutes } from './routes/locations.js'
import { outboxRoutes } from './routes/outbox.js'
import { providerRoutes } from './routes/provider.js'
import { migrations } from './migrations/index.js'
import { seed } from './seed.js'

export const SERVICE = 'messaging-sync'
export const SCHEMA = serviceNamed(SERVICE).schema

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan<Database> = { schema: SCHEMA, migrations, seed }

/**
 * What a process of this service does: everything (npm start, compose), the API only (it queues
 * work: MESSAGING_QUEUE_WORKERS=false), or the queue workers only (worker.js: health, metrics and
 * delivery, no public routes).
 */
export type MessagingRole = 'all' | 'api' | 'worker'

export interface MessagingBuildOptions extends BuildOptions {
  /** Default: 'all', or 'api' when MESSAGING_QUEUE_WORKERS=false. */
  role?: MessagingRole
  /** Queue timings and names; tests shorten them and use a key prefix of their own. */
  email?: Partial<ChannelOptions>
  provider?: Partial<ChannelOptions>
  /** The contact form's per-address limit. */
  contactRate?: ContactRateLimit
  /** How long the queue pauses after a 429 from Podium (tests shorten it). */
  podiumRetryAfterMs?: number
  /** Sync Existing Users: page size and timings (tests shorten them). */
  syncOptions?: Partial<Pick<ContactSyncOptions, 'pageSize' | 'resumeIntervalMs' | 'maxListingFailures'>>
}

export async function buildApp(
  config: Config,
  { logLevel = config.LOG_LEVEL, jwks, background, role = config.MESSAGING_QUEUE_WORKERS ? 'all' : 'api', email, provider: providerOptions, contactRate = { ...CONTACT_RATE_DEFAULTS, max: config.CONTACT_MESSAGES_PER_HOUR }, podiumRetryAfterMs, syncOptions }: MessagingBuildOptions = {},
): Promise<ServiceApp<Database>> {
  // The kit (database, Redis, auth, health, metrics); no third-party plugins of our own.
  const app = await createService<Database>(config, { name: SERVICE, schema: SCHEMA, migrations, logLevel, jwks, background, retention: retention(config) })
  const db = app.db

  // Ours: the provider, then the two delivery channels (queue, sweeper, and the worker unless this
  // is an API-only process that leaves the jobs to worker processes).
  const { provider, podium } = providerFromConfig(db, config, { retryAfterMs: podiumRetryAfterMs })
  // Tokens in clear, or sealed under the previous secret, are sealed under the current one first.
  if (podium) app.addHook('onReady', async () => void (await podium.sealAtRest()))
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.EMAIL_FROM })
  const consume = role !== 'api'
  const emailChannel = startEmailChannel(app, { db, mailer, redisUrl: config.REDIS_URL, options: { ...EMAIL_CHANNEL_DEFAULTS, prefix: config.QUEUE_PREFIX, consume, ...email } })
  const providerChannelOptions = { ...PROVIDER_CHANNEL_DEFAULTS, prefix: config.QUEUE_PREFIX, limit: providerLimit(config.MESSAGING_RATE_PER_MINUTE), consume, ...providerOptions }
  // The local provider keeps messages here; with SMTP each is also e-mailed to its clinic.
  const forward = config.SMTP_URL && provider.name === 'local' ? clinicForwarder(db, emailChannel) : undefined
  const providerChannel = startProviderChannel(app, { db, provider, redisUrl: config.REDIS_URL, options: providerChannelOptions, forward })
  const channels: Record<Topic, Channel> = { email: emailChannel, message: providerChannel, contact: providerChannel, appointment: providerChannel, text: providerChannel }
  watchQueues(app.metrics, [emailChannel.queue, providerChannel.queue])
  // A worker process (worker.js) only delivers: no routes, and contact sync runs belong to the API.
  if (role === 'worker') return app

  // Sync Existing Users: stopped before the channels close (preClose runs before every onClose).
  const sync = contactSync({ db, channel: providerChannel, provider, identityUrl: config.IDENTITY_JWKS_URL, internalToken: config.INTERNAL_TOKEN, log: app.log, ...syncOptions })
  app.addHook('preClose', () => sync.close())

  // The routes: public (clinics, contact form), for other services (the outbox handover), for signed-in users, staff and admins.
  await app.register(routeGroup(locationsRoutes), { provider })
  await app.register(routeGroup(contactRoutes), { provider, channel: providerChannel, rate: contactRate, keyPrefix: providerChannelOptions.prefix })
  await app.register(routeGroup(outboxRoutes), { channels })
  await app.register(routeGroup(contactSyncRoutes), { sync })
  // Who may be given a message or sign a reply: identity's staff directory.
  const staffDirectory = staffDirectoryClient({ identityUrl: config.IDENTITY_JWKS_URL, internalToken: config.INTERNAL_TOKEN })
  await app.register(routeGroup(inboxRoutes), { provider, email: emailChannel, staffDirectory })
  await app.register(routeGroup(mailboxRoutes))
  await app.register(routeGroup(adminPatientRecordRoutes), { provider })
  await app.register(routeGroup(providerRoutes), { provider, podium, publicUrl: config.PUBLIC_URL })
  // Identity's "Download my data" and account deletion (service credential).
  registerPersonalDataRoutes(app, SERVICE, messagingPersonalData(db, provider, app.log))
  return app
}
