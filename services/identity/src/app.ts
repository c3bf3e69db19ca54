import fastifyCookie from '@fastify/cookie'
import { createService, type App, type BuildOptions, type SchemaPlan } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import { lifetimes } from './accounts/sessions.js'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { createDispatcher, type Dispatcher } from './email/dispatcher.js'
import { googleSetup } from './google/provider.js'
import { decorateAccount } from './guards.js'
import { housekeeping } from './housekeeping.js'
import type { Ctx } from './http.js'
import { accountSetupRoutes } from './routes/account-setup.js'
import { adminUserRoutes } from './routes/admin-users.js'
import { googleRoutes } from './routes/google.js'
import { jwksRoutes } from './routes/jwks.js'
import { meRoutes } from './routes/me.js'
import { passwordResetRoutes } from './routes/password-reset.js'
import { sessionRoutes } from './routes/session.js'
import { signInRoutes } from './routes/sign-in.js'
import { signUpRoutes } from './routes/sign-up.js'
import { SCHEMA } from './schema.js'
import { ensureSigningKey, keyStore } from './signing-keys.js'
import { createTokenSigner, type TokenSigner } from './tokens.js'
import { migrations } from './migrations/index.js'

export const SERVICE = 'identity'
export { SCHEMA }

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan = { schema: SCHEMA, migrations }

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner
    /** Hands queued e-mails to messaging-sync. */
    outbox: Dispatcher
  }
}

export interface IdentityBuildOptions extends BuildOptions {
  /** Run the outbox dispatcher and housekeeping in the background (default true; tests drive it by hand). */
  background?: boolean
}

const HOUSEKEEPING_MS = 3600_000

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks, background = true }: IdentityBuildOptions = {}): Promise<App> {
  // Identity verifies tokens with its own keys, read from its database once createService opened it.
  let db: Kysely<Database> | undefined
  const keys = keyStore(() => db!)
  const app = await createService(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks: jwks ?? keys.keySet })
  db = app.db as Kysely<Database>
  app.addHook('onReady', async () => ensureSigningKey(db!))

  await app.register(fastifyCookie)
  // A POST without a body but with a JSON content type (some fetch wrappers add it) is an empty body, not an error.
  const jsonParser = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined)
    jsonParser(req, body as string, done)
  })

  const tokens = createTokenSigner(keys, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, defaultTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS })
  app.decorate('tokens', tokens)
  decorateAccount(app)
  const dispatcher = createDispatcher({ db, messagingUrl: config.MESSAGING_INTERNAL_URL, internalToken: config.INTERNAL_TOKEN, log: app.log })
  app.decorate('outbox', dispatcher)

  const ctx: Ctx = { db, tokens, config, life: lifetimes(config) }
  jwksRoutes(app, keys)
  signUpRoutes(app, ctx, dispatcher)
  signInRoutes(app, ctx)
  sessionRoutes(app, ctx)
  passwordResetRoutes(app, ctx, dispatcher)
  accountSetupRoutes(app, ctx)
  meRoutes(app, ctx)
  adminUserRoutes(app, ctx, dispatcher)
  await googleRoutes(app, ctx, await googleSetup(config, (reason) => app.log.warn(reason)))

  if (background) {
    let timer: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      dispatcher.start()
      const tidy = () => housekeeping(db!).catch((err: unknown) => app.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'housekeeping failed'))
      void tidy()
      timer = setInterval(tidy, HOUSEKEEPING_MS)
      timer.unref()
    })
    app.addHook('onClose', async () => {
      clearInterval(timer)
      await dispatcher.stop()
    })
  }
  return app
}
