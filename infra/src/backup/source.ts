import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../net.js'
import { startLocalPostgres } from '../postgres/index.js'
import { acquireLock } from '../launcher/lock.js'
import type { LauncherConfig } from '../launcher/config.js'
import type { BackupSource } from './backup.js'

/** The running embedded PostgreSQL of a data directory, from its postmaster.pid (line 4: the port). */
export function runningClusterUrl(pgDir: string): string {
  const pidFile = path.join(pgDir, 'cluster', 'postmaster.pid')
  if (!existsSync(pidFile)) throw new Error('The stack of this data directory is starting or stopping: try again in a moment.')
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3])
  const password = readFileSync(path.join(pgDir, 'password'), 'utf8').trim()
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`
}

/**
 * Runs `use` with the database to back up: DATABASE_URL; else the embedded cluster of DATA_DIR,
 * through its running server when the stack runs, or through one started for the while (holding
 * the data directory's lock, so `npm start` waits its turn) when it does not.
 */
export async function withBackupSource<T>(config: LauncherConfig, use: (source: BackupSource) => Promise<T>): Promise<T> {
  if (config.DATABASE_URL) return use({ kind: 'pg_dump', url: config.DATABASE_URL })
  const pgDir = path.join(config.dataDir, 'postgres')
  if (!existsSync(path.join(pgDir, 'cluster', 'PG_VERSION'))) throw new Error(`There is no database in ${config.dataDir} to back up (start the stack once first, or set DATA_DIR).`)
  let release: (() => void) | undefined
  try {
    release = acquireLock(config.dataDir)
  } catch {
    return use({ kind: 'cluster', url: runningClusterUrl(pgDir), dataDir: config.dataDir })
  }
  try {
    const server = await startLocalPostgres({ dataDir: pgDir, port: await freePort() })
    try {
      return await use({ kind: 'cluster', url: server.url, dataDir: config.dataDir })
    } finally {
      await server.stop()
    }
  } finally {
    release()
  }
}
