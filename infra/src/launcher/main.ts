import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { freePort, portAnswers } from '../net.js'
import { stackSecret, providePostgres, provideRedis, type Backing } from './backing-services.js'
import { runToCompletion, startChild, stopChild, waitUntilReady, type Child } from './child.js'
import { launcherConfig, redisPrefixes } from './config.js'
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { acquireLock } from './lock.js'
import { forgetProcesses, reapProcesses, recordProcess } from './stack-pids.js'
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
let reaper: ChildProcess | undefined
let dataDir: string | undefined
let stopping: Promise<void> | undefined

function stopAll(): Promise<void> {
  return (stopping ??= (async () => {
    // The gateway first so no new requests arrive, then the services, then their stores.
    for (const child of [...children].reverse()) await stopChild(child)
    for (const b of [...backing].reverse()) await b.stop?.().catch(() => {})
    await stopReaper()
    if (dataDir) forgetProcesses(dataDir)
    releaseLock?.()
  })())
}

/** A normal stop needs no reaper: end it, and wait so it is gone before we are. */
async function stopReaper(): Promise<void> {
  const child = reaper
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  await Promise.race([gone, new Promise((r) => setTimeout(r, 2000))])
}

/**
 * Whatever ends this launcher, its stack ends with it: a reaper child watches it and stops every
 * recorded process should it vanish without doing so itself (kill -9, a crash, the OOM killer).
 */
function startReaper(dir: string): ChildProcess {
  const script = fileURLToPath(new URL('./reaper.js', import.meta.url))
  // A shell does the waiting (an idle Node process would hold ~40 MB all along): it checks every
  // second whether it still has the launcher as its parent, and only then starts Node to reap.
  const watch = 'while [ "$(cut -d " " -f 4 /proc/$$/stat)" = "$1" ]; do sleep 1; done; exec "$2" "$3" "$4"'
  // detached: a terminal's Ctrl-C must not end the reaper while the launcher is still stopping the stack.
  const child = spawn('/bin/sh', ['-c', watch, 'hearing-reaper', String(process.pid), process.execPath, script, dir], { stdio: 'ignore', detached: true })
  child.unref()
  return child
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
  releaseLock = acquireLock(config.dataDir)
  dataDir = config.dataDir
  // A launcher of this directory that died without stopping its stack (and whose reaper died too):
  // cleaned up before the port check, since its gateway may be what holds the port.
  const leftovers = await reapProcesses(config.dataDir)
  if (leftovers > 0) say(`Stopped ${leftovers} process(es) left running by an earlier start that did not end cleanly.`)
  if (await portAnswers(config.PORT)) {
    throw new Error(`Port ${config.PORT} is already in use. Stop whatever listens there, or choose another port with PORT=...`)
  }
  reaper = startReaper(config.dataDir)
  const logDir = path.join(config.dataDir, 'logs')
  mkdirSync(logDir, { recursive: true })

  if (webBuildIsStale()) {
    say('Building the web app...')
    await buildWeb()
  }

  const [postgres, redis] = await Promise.all([providePostgres(config, say), provideRedis(config)])
  backing.push(postgres, redis)
  for (const b of [postgres, redis]) if (b.process) recordProcess(config.dataDir, b.process)
  say(`PostgreSQL: ${postgres.source}`)
  say(`Redis: ${redis.source}`)

  for (const service of SERVICES) {
    const out = await runToCompletion(service, 'migrate.js', { PATH: process.env.PATH, DATABASE_URL: postgres.url })
    if (!out.endsWith('up to date')) say(`Migrated ${out}`)
  }
  await bootstrapAdmin(postgres.url)

  // REPLICAS copies of every service, each on a port of its own; the gateway balances across them.
  const replicaUrls = new Map<string, string[]>()
  for (const service of SERVICES) {
    const urls: string[] = []
    for (let i = 0; i < config.REPLICAS; i++) urls.push(`http://127.0.0.1:${await freePort()}`)
    replicaUrls.set(service.name, urls)
  }
  /** The first replica: what other services are given (their settings take one URL). */
  const url = (name: string) => replicaUrls.get(name)![0]!
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${config.PORT}`
  const common = {
    PATH: process.env.PATH,
    PUBLIC_URL: publicUrl,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: config.LOG_LEVEL,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    INTERNAL_TOKEN: stackSecret(config, 'internal-token', config.INTERNAL_TOKEN),
    IDENTITY_JWKS_URL: `${url('identity')}/.well-known/jwks.json`,
  }

  const readiness: Promise<void>[] = []
  for (const service of SERVICES) for (const [i, replicaUrl] of replicaUrls.get(service.name)!.entries()) {
    const env = {
      ...common,
      ...pick(process.env, service.passThrough),
      PORT: new URL(replicaUrl).port,
      // Seals identity's private signing keys in the database: kept beside it, not in it.
      ...(service.name === 'identity' ? { SIGNING_KEY_SECRET: stackSecret(config, 'signing-key-secret', config.SIGNING_KEY_SECRET) } : {}),
      MESSAGING_INTERNAL_URL: url('messaging-sync'),
      CATALOGUE_INTERNAL_URL: url('catalogue'),
      // Queues of this data directory's stack only, should other stacks share the Redis.
      QUEUE_PREFIX: redisPrefixes(config.dataDir).QUEUE_PREFIX,
    }
    const child = startChild(config.REPLICAS > 1 ? { ...service, name: `${service.name}-${i + 1}` } : service, 'server.js', env, logDir, say)
    children.push(child)
    record(config.dataDir, child)
    watch(child)
    readiness.push(waitUntilReady(child, `${replicaUrl}/readyz`))
  }
  await Promise.all(readiness)

  const gatewayEnv: NodeJS.ProcessEnv = { ...common, ...pick(process.env, GATEWAY.passThrough), HOST: '0.0.0.0', PORT: String(config.PORT), WEB_DIST_DIR,
    // Rate-limit counters of this stack only, like its queues.
    RATE_LIMIT_PREFIX: redisPrefixes(config.dataDir).RATE_LIMIT_PREFIX,
  }
  for (const service of SERVICES) gatewayEnv[service.gatewayEnv] = replicaUrls.get(service.name)!.join(',')
  const gateway = startChild(GATEWAY, 'server.js', gatewayEnv, logDir, say)
  children.push(gateway)
  record(config.dataDir, gateway)
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

function record(dir: string, child: Child) {
  if (child.process.pid) recordProcess(dir, { pid: child.process.pid, match: child.script, signal: 'SIGTERM' })
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
