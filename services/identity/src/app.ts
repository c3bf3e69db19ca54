import fastifyCookie from '@fastify/cookie'
import { createService, routeGroup, type BuildOptions, type SchemaPlan, type ServiceApp } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import { localSessionCheck } from './accounts/session-check.js'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { googleSetup } from './google/provider.js'
import { decorateAccount } from './guards.js'
import { housekeeping } from './housekeeping.js'
import { acceptEmptyJsonBodies } from './http.js'
import { accountSetupRoutes, inviteRoutes } from './routes/account-setup.js'
import { adminActivityRoutes } from './routes/admin-activity.js'
import { adminAccountLinkRoutes } from './routes/admin-account-links.js'
import { adminPatientRoutes } from './routes/admin-patients.js'
import { adminUserRoutes } from './routes/admin-users.js'
import { googleRoutes } from './routes/google.js'
import { internalMessagingContactRoutes } from './routes/internal-messaging-contacts.js'
import { internalStaffRoutes } from './routes/internal-staff.js'
import { internalSessionRoutes } from './routes/internal-sessions.js'
import { jwksRoutes } from './routes/jwks.js'
import { meRoutes } from './routes/me.js'
import { passwordResetRoutes } from './routes/password-reset.js'
import { personalDataRoutes } from './routes/personal-data.js'
import { sessionRoutes } from './routes/session.js'
import { signInRoutes } from './routes/sign-in.js'
import { confirmEmailRoutes, signUpRoutes } from './routes/sign-up.js'
import { SCHEMA } from './schema.js'
import { resumeErasures } from './personal-data/erasure.js'
import { personalDataServices, type PersonalDataServices } from './personal-data/services.js'
import { keyPolicyFrom, keyStore, maintainSigningKeys, sealerFrom, type KeyPolicy, type Sealer } from './signing-keys/index.js'
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
  /** The other services' part of a person's data (tests give fakes); default: their internal routes. */
  personalData?: PersonalDataServices
}

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks, background = true, personalData = personalDataServices(config) }: IdentityBuildOptions = {}): Promise<ServiceApp<Database>> {
  // Identity verifies tokens with its own keys, read from its database once createService opened it.
  let db: Kysely<Database> | undefined // eslint-disable-line prefer-const -- assigned after createService, read lazily by the key store
  const sealer = sealerFrom(config)
  const keyPolicy = keyPolicyFrom(config)
  const keys = keyStore(() => db!, sealer, keyPolicy)
  const sessionCheck = localSessionCheck(() => db!)
  // E-mails go through the kit's outbox relay to messaging-sync (MESSAGING_INTERNAL_URL).
  const app = await createService<Database>(config, { name: SERVICE, schema: SCHEMA, migrations, logLevel, jwks: jwks ?? keys.keySet, signingKey: async () => (await keys.current()).signing.privateKeyPem, sessionCheck, outbox: {}, background })
  db = app.db

  // Third-party plugins and parsers.
  await app.register(fastifyCookie)
  acceptEmptyJsonBodies(app)

  // Ours: the token signer and the caller's account for every route group; keys and tables kept in shape.
  app.decorate('tokens', createTokenSigner(app.jwt, keys, { defaultTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS }))
  decorateAccount(app)
  maintain(app, { sealer, keyPolicy, background, personalData })

  // The routes: for other services, for browsers (cookie routes guard against cross-site requests), for staff.
  await app.register(routeGroup(jwksRoutes), { keys })
  await app.register(routeGroup(internalSessionRoutes), { check: sessionCheck })
  await app.register(routeGroup(internalMessagingContactRoutes))
  await app.register(routeGroup(internalStaffRoutes))
  await app.register(routeGroup(signUpRoutes), { config })
  await app.register(routeGroup(confirmEmailRoutes), { config })
  await app.register(routeGroup(signInRoutes), { config })
  await app.register(routeGroup(sessionRoutes), { config })
  await app.register(routeGroup(passwordResetRoutes), { config })
  await app.register(routeGroup(inviteRoutes))
  await app.register(routeGroup(accountSetupRoutes), { config })
  await app.register(routeGroup(meRoutes))
  await app.register(routeGroup(adminUserRoutes), { config })
  await app.register(routeGroup(adminActivityRoutes))
  await app.register(routeGroup(adminAccountLinkRoutes), { config })
  await app.register(routeGroup(adminPatientRoutes), { config })
  await app.register(routeGroup(personalDataRoutes), { config, services: personalData })
  await app.register(routeGroup(googleRoutes), { config, setup: await googleSetup(config, (reason) => app.log.warn(reason)) })
  return app
}

const HOUSEKEEPING_MS = 3600_000
const ERASURE_RESUME_MS = 30_000

/**
 * Signing keys created, rotated and re-sealed once ready; then, in the background, hourly
 * housekeeping and rotation.
 */
function maintain(app: ServiceApp<Database>, { sealer, keyPolicy, background, personalData }: { sealer: Sealer; keyPolicy: KeyPolicy; background: boolean; personalData: PersonalDataServices }): void {
  app.addHook('onReady', async () => {
    const changes = await maintainSigningKeys(app.db, sealer, keyPolicy)
    if (changes.created.length + changes.retired.length + changes.resealed.length > 0) app.log.info(changes, 'signing keys maintained')
  })
  if (!background) return
  let timer: NodeJS.Timeout | undefined
  let erasures: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    const tidy = () =>
      housekeeping(app.db)
        .then(async () => {
          const changes = await maintainSigningKeys(app.db, sealer, keyPolicy)
          if (changes.created.length + changes.retired.length > 0) app.log.info(changes, 'signing keys rotated')
        })
        .catch((err: unknown) => app.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'housekeeping failed'))
    void tidy()
    timer = setInterval(tidy, HOUSEKEEPING_MS)
    timer.unref()
    // Account deletions whose other services' part failed are retried (with backoff per request).
    erasures = setInterval(() => {
      resumeErasures(app.db, personalData, app.log).catch((err: unknown) => app.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'resuming account erasures failed'))
    }, ERASURE_RESUME_MS)
    erasures.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    clearInterval(erasures)
  })
}
