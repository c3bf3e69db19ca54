import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startReaper } from '../launcher/reaper-watch.js'
import { recordProcess } from '../launcher/stack-pids.js'
import { freePort } from '../net.js'
import { startTemporaryPostgres } from '../postgres/index.js'
import { startTestRedis } from '../redis-server.js'

export interface RunStores {
  env: { TEST_DATABASE_URL: string; TEST_REDIS_URL: string }
  stop(): Promise<void>
}

/**
 * The PostgreSQL and Redis the whole run shares (unless TEST_DATABASE_URL / TEST_REDIS_URL name
 * servers already). Both are written down in a run directory that a reaper watches, as the
 * launcher does: a run that is killed (a timeout's SIGTERM, then SIGKILL) leaves neither running.
 */
export async function startRunStores(env: NodeJS.ProcessEnv): Promise<RunStores> {
  const runDir = mkdtempSync(path.join(tmpdir(), 'hc-test-run-'))
  const reaper = startReaper(runDir)
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {})
    await reaper.stop()
    rmSync(runDir, { recursive: true, force: true })
  }
  try {
    let databaseUrl = env.TEST_DATABASE_URL
    if (!databaseUrl) {
      const pg = await startTemporaryPostgres(await freePort())
      stops.push(pg.stop)
      if (pg.pid) recordProcess(runDir, { pid: pg.pid, match: `-p ${pg.port} `, signal: 'SIGINT' })
      databaseUrl = pg.url
    }
    let redisUrl = env.TEST_REDIS_URL
    if (!redisUrl) {
      const redis = await startTestRedis(await freePort())
      stops.push(redis.stop)
      if (redis.pid) recordProcess(runDir, { pid: redis.pid, match: `:${redis.port}`, signal: 'SIGTERM' })
      redisUrl = redis.url
    }
    return { env: { TEST_DATABASE_URL: databaseUrl, TEST_REDIS_URL: redisUrl }, stop }
  } catch (err) {
    await stop()
    throw err
  }
}
