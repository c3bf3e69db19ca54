import { createService, type App, type BuildOptions, type SchemaPlan } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { EMAIL_QUEUE_DEFAULTS, startEmailDelivery, type EmailQueueOptions } from './email/delivery.js'
import { createMailer } from './email/mailer.js'
import { localProvider } from './providers/local.js'
import { emailRoutes } from './routes/emails.js'
import { locationsRoutes } from './routes/locations.js'
import { migrations } from './migrations/index.js'
import { seed } from './seed.js'

export const SERVICE = 'messaging-sync'
export const SCHEMA = 'messaging'

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan = { schema: SCHEMA, migrations, seed }

export interface MessagingBuildOptions extends BuildOptions {
  /** Queue timings and names; tests shorten them and use a key prefix of their own. */
  email?: Partial<EmailQueueOptions>
}

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks, email }: MessagingBuildOptions = {}): Promise<App> {
  const app = await createService(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks })
  const db = app.db as Kysely<Database>
  const provider = localProvider(db)
  locationsRoutes(app, provider)

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.EMAIL_FROM })
  const delivery = startEmailDelivery(app, { db, mailer, redisUrl: config.REDIS_URL, options: { ...EMAIL_QUEUE_DEFAULTS, prefix: config.QUEUE_PREFIX, ...email } })
  emailRoutes(app, db, delivery)
  return app
}
