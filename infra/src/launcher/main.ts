import { appendFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { freePort, portAnswers } from '../net.js'
import { stackSecret, providePostgres, provideRedis, type Backing } from './backing-services.js'
import { startChild, type Child } from './child.js'
import { runCommand } from '../command.js'
import { launcherConfig, redisPrefixes } from './config.js'
import { fileURLToPath } from 'node:url'
import { acquireLock } from './lock.js'
import { forgetProcesses, reapProcesses, recordProcess, replaceProcess } from './stack-pids.js'
import { startReaper, type ReaperWatch } from './reaper-watch.js'
import { Supervisor } from './supervisor.js'
import { alreadyPrepared, preparationFingerprint } from './schema-stamp.js'
import { startHealthServer } from './health-server.js'
import { GATEWAY, pick, REPO_ROOT, SERVICES } from './paths.js'
import { buildWeb, WEB_DIST_DIR, webBuildIsStale } from './web-build.js'
import { INBOX_USER, mailCatcher } from './mail-catcher.js'
import type { BackupSchedule } from '../backup/schedule.js'
import { Timeline } from './timeline.js'
import { stopWhenParentGone } from '../parent-watch.js'

/**
 * `npm start`: the whole product on one machine. Builds the SPA when stale, provides PostgreSQL and
 * Redis, migrates and seeds, starts the five services and the gateway and keeps them running (one
 * that exits is started again: supervisor.ts), and on Ctrl-C or SIGTERM stops everything it started.
 */
const say = (line: string) => process.stdout.write(`${line}\n`)
const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
const timeline = new Timeline()

let supervisor: Supervisor | undefined
let closeHealth: (() => Promise<void>) | undefined
let closeInbox: (() => Promise<void>) | undefined
const backing: Backing[] = []
let releaseLock: (() => void) | undefined
let reaper: ReaperWatch | undefined
let dataDir: string | undefined
let stopping: Promise<void> | undefined
let backups: BackupSchedule | undefined

function stopAll(): Promise<void> {
  return (stopping ??= (async () => {
    await backups?.stop()
    // The gateway first so no new requests arrive, then the services, then their stores.
    await supervisor?.stopAll()
    await closeHealth?.()
    await closeInbox?.()
    for (const b of [...backing].reverse()) await b.stop?.().catch(() => {})
    await reaper?.stop()
    if (dataDir) forgetProcesses(dataDir)
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
  timeline.mark('launcher')
  const config = launcherConfig(process.env)
  if (config.STOP_WITH_PARENT === '1') stopWhenParentGone(() => void shutdown('The process that started this stack is gone', 0))
  releaseLock = acquireLock(config.dataDir)
  dataDir = config.dataDir
  // A launcher of this directory that died without stopping its stack (and whose reaper died too):
  // cleaned up before the port check, since its gateway may be what holds the port.
  const leftovers = await reapProcesses(config.dataDir)
  if (leftovers > 0) say(`Stopped ${leftovers} process(es) left running by an earlier start that did not end cleanly.`)
  if (await portAnswers(config.PORT)) {
    throw new Error(`Port ${config.PORT} is already in use. Stop whatever listens there, or choose another port with PORT=...`)
  }
  timeline.mark('checks')
  reaper = startReaper(config.dataDir)
  const logDir = path.join(config.dataDir, 'logs')
  mkdirSync(logDir, { recursive: true })
  // What happens to the processes (exits, restarts, crash loops): on the console and in launcher.log.
  const report = (line: string) => {
    say(line)
    appendFileSync(path.join(logDir, 'launcher.log'), `${new Date().toISOString()} ${line}\n`)
  }
  const dir = config.dataDir
  supervisor = new Supervisor({ say: report, onStart: (child, previous) => record(dir, child, previous) })

  // A start after the site's sources changed rebuilds it while the database is prepared and the
  // services boot: only the gateway needs it, and is started once it is built. (A first start has
  // built it already, alongside the TypeScript: start.mjs.)
  const webBuilt = webBuildIsStale() ? (say('Building the web app...'), timeline.track('web built', buildWeb())) : undefined
  webBuilt?.catch(() => {}) // awaited before the gateway starts

  // No SMTP_URL: e-mails go to a local catcher whose web inbox a person can read. Everything from
  // here on starts as soon as what it needs is known. "Ready" waits for the site; the banner's
  // inbox line for the catcher (at a lower CPU priority, it comes up once the site has booted).
  const mail = process.env.SMTP_URL ? undefined : await mailCatcher(config.dataDir, logDir, say, stackSecret(config, 'mail-inbox-password', undefined))
  closeInbox = mail?.close
  const mailReady = mail ? timeline.track('mail-catcher ready', supervisor.add(mail.process)) : undefined
  const readiness: Promise<void>[] = []
  // Awaited at the end; a failure meanwhile (say, the database's) must not surface as unhandled.
  mailReady?.catch(() => {})
  const [postgres, redis] = await Promise.all([timeline.track('postgres', providePostgres(config, say)), timeline.track('redis', provideRedis(config))])
  backing.push(postgres, redis)
  for (const b of [postgres, redis]) if (b.process) recordProcess(config.dataDir, b.process)
  say(`PostgreSQL: ${postgres.source}`)
  say(`Redis: ${redis.source}`)

  await prepareDatabase(postgres.url)
  timeline.mark('database prepared')

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

  for (const service of SERVICES) for (const [i, replicaUrl] of replicaUrls.get(service.name)!.entries()) {
    const env = {
      ...common,
      ...pick(process.env, service.passThrough),
      PORT: new URL(replicaUrl).port,
      // Seals identity's private signing keys in the database: kept beside it, not in it.
      ...(service.name === 'identity' ? { SIGNING_KEY_SECRET: stackSecret(config, 'signing-key-secret', config.SIGNING_KEY_SECRET) } : {}),
      // Seals the messaging provider's OAuth tokens in the database, likewise.
      ...(service.name === 'messaging-sync' ? { PROVIDER_TOKEN_SECRET: stackSecret(config, 'provider-token-secret', config.PROVIDER_TOKEN_SECRET) } : {}),
      ...(service.name === 'messaging-sync' && mail ? { SMTP_URL: mail.smtpUrl } : {}),
      MESSAGING_INTERNAL_URL: url('messaging-sync'),
      CATALOGUE_INTERNAL_URL: url('catalogue'),
      // Identity gathers and erases a patient's data in these (and messaging-sync, catalogue).
      SCHEDULING_INTERNAL_URL: url('scheduling'),
      CONTENT_INTERNAL_URL: url('content'),
      // Queues of this data directory's stack only, should other stacks share the Redis.
      QUEUE_PREFIX: redisPrefixes(config.dataDir).QUEUE_PREFIX,
    }
    const spec = config.REPLICAS > 1 ? { ...service, name: `${service.name}-${i + 1}` } : service
    readiness.push(timeline.track(`${spec.name} ready`, supervisor.add({ name: spec.name, start: () => startChild(spec, 'server.js', env, logDir, say), readyUrl: `${replicaUrl}/readyz` })))
  }

  // The gateway alongside the services: it answers 503 for a service until that one is up.
  const gatewayEnv: NodeJS.ProcessEnv = { ...common, ...pick(process.env, GATEWAY.passThrough), HOST: '0.0.0.0', PORT: String(config.PORT), WEB_DIST_DIR,
    // Rate-limit counters of this stack only, like its queues.
    RATE_LIMIT_PREFIX: redisPrefixes(config.dataDir).RATE_LIMIT_PREFIX,
  }
  for (const service of SERVICES) gatewayEnv[service.gatewayEnv] = replicaUrls.get(service.name)!.join(',')
  timeline.mark('services spawned')
  await webBuilt
  readiness.push(timeline.track('gateway ready', supervisor.add({ name: GATEWAY.name, start: () => startChild(GATEWAY, 'server.js', gatewayEnv, logDir, say), readyUrl: `http://127.0.0.1:${config.PORT}/readyz` })))
  await Promise.all(readiness)
  const health = await startHealthServer(supervisor, config.LAUNCHER_HEALTH_PORT)
  closeHealth = health.close

  timeline.mark('ready')
  say(`\nReady in ${elapsed()}: http://localhost:${config.PORT}`)
  // Loaded once the site is up: nothing of it is needed before the first nightly backup.
  const { startStackBackups } = await import('../backup/stack.js')
  backups = startStackBackups(config, postgres.url, say)
  if (mail) {
    await mailReady
    say(`Mail inbox: ${mail.inboxUrl} (user ${INBOX_USER}, password ${mail.password}; e-mails stay on this machine: set SMTP_URL so that real patients receive them)`)
  }
  if (backups) say(`Backups: ${backups.description}.`)
  say(`Logs: ${logDir}. Launcher health: ${health.url}. Press Ctrl-C to stop.`)
  timeline.mark('banner')
  appendFileSync(path.join(logDir, 'launcher.log'), `${new Date().toISOString()} ${timeline}\n`)
}

/**
 * Every schema migrated and seeded, and the first admin account: from ADMIN_EMAIL/ADMIN_PASSWORD,
 * else generated and printed once (nothing when an admin exists). One process: prepare-database.ts;
 * none at all when the database was prepared by this very build already (schema-stamp.ts).
 */
async function prepareDatabase(databaseUrl: string) {
  const fingerprint = preparationFingerprint()
  if (await alreadyPrepared(databaseUrl, fingerprint)) return
  const env = { PATH: process.env.PATH, DATABASE_URL: databaseUrl, PREPARED_FINGERPRINT: fingerprint, ...pick(process.env, ['ADMIN_EMAIL', 'ADMIN_PASSWORD']) }
  const script = fileURLToPath(new URL('./prepare-database.js', import.meta.url))
  const out = await runCommand(process.execPath, [script], { cwd: REPO_ROOT, env, label: 'preparing the database' })
  if (out) say(out)
}

/** Written down for the reaper as it starts; a restarted process replaces its predecessor's entry. */
function record(dir: string, child: Child, previous?: Child) {
  if (!child.process.pid) return
  const entry = { pid: child.process.pid, match: child.script, signal: 'SIGTERM' as const }
  if (previous?.process.pid) replaceProcess(dir, previous.process.pid, entry)
  else recordProcess(dir, entry)
}

main().catch(async (err: unknown) => {
  process.stderr.write(`\nCould not start: ${err instanceof Error ? err.message : String(err)}\n`)
  await stopAll()
  process.exit(1)
})
