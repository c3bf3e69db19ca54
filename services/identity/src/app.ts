import fastifyCookie from '@fastify/cookie'
import { createService, type BuildOptions, type SchemaPlan, type ServiceApp } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import { localSessionCheck } from './accounts/session-check.js'
import { lifetimes } from './accounts/sessions.js'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { googleSetup } from './google/provider.js'
import { decorateAccount } from './guards.js'
import { housekeeping } from './housekeeping.js'
import type { Ctx } from './http.js'
import { accountSetupRoutes } from './routes/account-setup.js'
import { adminUserRoutes } from './routes/admin-users.js'
import { googleRoutes } from './routes/google.js'
import { internalMessagingContactRoutes } from './routes/internal-messaging-contacts.js'
import { internalSessionRoutes } from './routes/internal-sessions.js'
import { jwksRoutes } from './routes/jwks.js'
import { meRoutes } from './routes/me.js'
import { passwordResetRoutes } from './routes/password-reset.js'
import { sessionRoutes } from './routes/session.js'
import { signInRoutes } from './routes/sign-in.js'
import { signUpRoutes } from './routes/sign-up.js'
import { SCHEMA } from './schema.js'
import { keyPolicyFrom, keyStore, maintainSigningKeys, sealerFrom } from './signing-keys/index.js'
import { createTokenSigner, type TokenSigner } from './tokens.js'
import { migrations } from './migrations/index.js'

export const SERVICE = 'identity'
export { SCHEMA }

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan<Database> = { schema: SCHEMA, migrations }

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner
  }
}

export interface IdentityBuildOptions extends BuildOptions {
  /** Run the outbox relay and housekeeping in the background (default true; tests drive them by hand). */
  background?: boolean
}

const HOUSEKEEPING_MS = 3600_000

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks, background = true }: IdentityBuildOptions = {}): Promise<ServiceApp<Database>> {
  // Identity verifies tokens with its own keys, read from its database once createService opened it.
  let db: Kysely<Database> | undefined // eslint-disable-line prefer-const -- assigned after createService, read lazily by the key store
  const sealer = sealerFrom(config)
  const keyPolicy = keyPolicyFrom(config)
  const keys = keyStore(() => db!, sealer, keyPolicy)
  const sessionCheck = localSessionCheck(() => db!)
  // E-mails go through the kit's outbox relay to messaging-sync (MESSAGING_INTERNAL_URL).
  const app = await createService<Database>(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks: jwks ?? keys.keySet, sessionCheck, outbox: {}, background })
  db = app.db
  app.addHook('onReady', async () => {
    const changes = await maintainSigningKeys(db!, sealer, keyPolicy)
    if (changes.created.length + changes.retired.length + changes.resealed.length > 0) app.log.info(changes, 'signing keys maintained')
  })

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
  // A committed e-mail is handed over at once rather than at the relay's next tick.
  const outbox = { nudge: () => app.outboxRelay?.nudge() }

  const ctx: Ctx = { db, tokens, config, life: lifetimes(config) }
  jwksRoutes(app, keys)
  internalSessionRoutes(app, sessionCheck)
  internalMessagingContactRoutes(app, db)
  signUpRoutes(app, ctx, outbox)
  signInRoutes(app, ctx)
  sessionRoutes(app, ctx)
  passwordResetRoutes(app, ctx, outbox)
  accountSetupRoutes(app, ctx)
  meRoutes(app, ctx)
  adminUserRoutes(app, ctx, outbox)
  await googleRoutes(app, ctx, await googleSetup(config, (reason) => app.log.warn(reason)))

  if (background) {
    let timer: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      const tidy = () =>
        housekeeping(db!)
          .then(async () => {
            const changes = await maintainSigningKeys(db!, sealer, keyPolicy)
            if (changes.created.length + changes.retired.length > 0) app.log.info(changes, 'signing keys rotated')
          })
          .catch((err: unknown) => app.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'housekeeping failed'))
      void tidy()
      timer = setInterval(tidy, HOUSEKEEPING_MS)
      timer.unref()
    })
    app.addHook('onClose', async () => {
      clearInterval(timer)
    })
  }
  return app
}
