import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { freePort, portAnswers } from '../net.js'
import { internalToken, providePostgres, provideRedis, type Backing } from './backing-services.js'
import { runToCompletion, startChild, stopChild, waitUntilReady, type Child } from './child.js'
import { launcherConfig } from './config.js'
import { acquireLock } from './lock.js'
import { GATEWAY, pick, SERVICES } from './paths.js'
import { buildWeb, WEB_DIST_DIR, webBuildIsStale } from './web-build.js'

/**
 * `npm start`: the whole product on one machine. Builds the SPA when stale, provides PostgreSQL and
 * Redis, migrates and seeds, starts the five services and the gateway, and on Ctrl-C or SIGTERM
 * stops everything it started.
 */
const say = (line: string) => process.stdout.write(`${line}\n`)
const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`

const children: Child[] = []
const backing: Backing[] = []
let releaseLock: (() => void) | undefined
let stopping: Promise<void> | undefined

function stopAll(): Promise<void> {
  return (stopping ??= (async () => {
    // The gateway first so no new requests arrive, then the services, then their stores.
    for (const child of [...children].reverse()) await stopChild(child)
    for (const b of [...backing].reverse()) await b.stop?.().catch(() => {})
    releaseLock?.()
  })())
}

async function shutdown(reason: string, code: number) {
  say(`\n${reason}: stopping...`)
  await stopAll()
  say('Stopped.')
  process.exit(code)
}

process.once('SIGINT', () => void shutdown('Interrupted', 0))
process.once('SIGTERM', () => void shutdown('SIGTERM received', 0))

async function main() {
  const config = launcherConfig(process.env)
  if (await portAnswers(config.PORT)) {
    throw new Error(`Port ${config.PORT} is already in use. Stop whatever listens there, or choose another port with PORT=...`)
  }
  releaseLock = acquireLock(config.dataDir)
  const logDir = path.join(config.dataDir, 'logs')
  mkdirSync(logDir, { recursive: true })

  if (webBuildIsStale()) {
    say('Building the web app...')
    await buildWeb()
  }

  const [postgres, redis] = await Promise.all([providePostgres(config, say), provideRedis(config)])
  backing.push(postgres, redis)
  say(`PostgreSQL: ${postgres.source}`)
  say(`Redis: ${redis.source}`)

  for (const service of SERVICES) {
    const out = await runToCompletion(service, 'migrate.js', { PATH: process.env.PATH, DATABASE_URL: postgres.url })
    if (!out.endsWith('up to date')) say(`Migrated ${out}`)
  }
  await bootstrapAdmin(postgres.url)

  const ports = new Map<string, number>()
  for (const service of SERVICES) ports.set(service.name, await freePort())
  const url = (name: string) => `http://127.0.0.1:${ports.get(name)}`
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${config.PORT}`
  const common = {
    PATH: process.env.PATH,
    PUBLIC_URL: publicUrl,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: config.LOG_LEVEL,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    INTERNAL_TOKEN: internalToken(config),
    IDENTITY_JWKS_URL: `${url('identity')}/.well-known/jwks.json`,
  }

  for (const service of SERVICES) {
    const env = {
      ...common,
      ...pick(process.env, service.passThrough),
      PORT: String(ports.get(service.name)),
      MESSAGING_INTERNAL_URL: url('messaging-sync'),
      // Queues of this data directory's stack only, should other stacks share the Redis.
      QUEUE_PREFIX: `hc-${createHash('sha256').update(config.dataDir).digest('hex').slice(0, 12)}`,
    }
    const child = startChild(service, 'server.js', env, logDir, say)
    children.push(child)
    watch(child)
  }
  await Promise.all(children.map((child) => waitUntilReady(child, `${url(child.name)}/readyz`)))

  const gatewayEnv: NodeJS.ProcessEnv = { ...common, ...pick(process.env, GATEWAY.passThrough), HOST: '0.0.0.0', PORT: String(config.PORT), WEB_DIST_DIR }
  for (const service of SERVICES) gatewayEnv[service.gatewayEnv] = url(service.name)
  const gateway = startChild(GATEWAY, 'server.js', gatewayEnv, logDir, say)
  children.push(gateway)
  watch(gateway)
  await waitUntilReady(gateway, `http://127.0.0.1:${config.PORT}/readyz`)

  say(`\nReady in ${elapsed()}: http://localhost:${config.PORT}`)
  say(`Logs: ${logDir}. Press Ctrl-C to stop.`)
}

/**
 * The first admin account: from ADMIN_EMAIL/ADMIN_PASSWORD, else generated and printed once by
 * identity's bootstrap script (it does nothing when an admin exists).
 */
async function bootstrapAdmin(databaseUrl: string) {
  const identity = SERVICES[0]!
  const env = { PATH: process.env.PATH, DATABASE_URL: databaseUrl, ...pick(process.env, ['ADMIN_EMAIL', 'ADMIN_PASSWORD']) }
  const out = await runToCompletion(identity, 'bootstrap-admin.js', env)
  if (out) say(out)
}

/** A process that dies on its own takes the whole stack down: a half-running site helps nobody. */
function watch(child: Child) {
  void child.exited.then((code) => {
    if (!stopping) void shutdown(`${child.name} exited unexpectedly (code ${code})`, 1)
  })
}

main().catch(async (err: unknown) => {
  process.stderr.write(`\nCould not start: ${err instanceof Error ? err.message : String(err)}\n`)
  await stopAll()
  process.exit(1)
})
