import { chown, copyFile, readdir, rename, rm, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { createGunzip } from 'node:zlib'
import { freePort } from '../net.js'
import { runAsIds, startLocalPostgres } from '../postgres/index.js'
import { extractArchive } from './archive.js'
import { SECRETS_IN_BACKUP } from './backup.js'
import { openEncrypted, verifyBackup } from './envelope.js'
import { restoreDatabase } from './pg-dump.js'

async function chownTree(dir: string, ids: { uid: number; gid: number }): Promise<void> {
  await chown(dir, ids.uid, ids.gid)
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const where = path.join(dir, entry.name)
    if (entry.isDirectory()) await chownTree(where, ids)
    else await chown(where, ids.uid, ids.gid)
  }
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')

/**
 * Brings a stopped stack back to a backup's state. The whole file is decrypted and checked first,
 * so a changed file or a wrong key is refused before anything is touched. A copy of the embedded
 * database replaces DATA_DIR/postgres (the one it replaces is moved aside, not deleted) and is
 * started once to replay its WAL; a pg_dump file is restored into DATABASE_URL.
 */
export async function restoreBackup(options: { file: string; key: Buffer; dataDir: string; databaseUrl?: string; say: (line: string) => void }): Promise<void> {
  const { file, key, dataDir, databaseUrl, say } = options
  const kind = await verifyBackup(file, key)
  if (kind === 'pg_dump') {
    if (!databaseUrl) throw new Error('This backup was made with pg_dump from an outside PostgreSQL: set DATABASE_URL to the database to restore it into.')
    await restoreDatabase(databaseUrl, openEncrypted(file, key).stream)
    say(`Restored ${file} into DATABASE_URL.`)
    return
  }
  if (databaseUrl) throw new Error('This backup is a copy of the embedded database: restore it without DATABASE_URL (it goes into DATA_DIR).')

  const staging = path.join(dataDir, `restoring-${stamp()}`)
  const pgDir = path.join(dataDir, 'postgres')
  let aside: string | undefined
  try {
    const { stream } = openEncrypted(file, key)
    const gunzip = createGunzip()
    stream.on('error', (err) => gunzip.destroy(err))
    await extractArchive(stream.pipe(gunzip), staging)
    const ids = runAsIds()
    if (ids) await chownTree(path.join(staging, 'postgres'), ids)
    if (existsSync(pgDir)) {
      aside = path.join(dataDir, `postgres.before-restore-${stamp()}`)
      await rename(pgDir, aside)
    }
    await rename(path.join(staging, 'postgres'), pgDir)
    for (const secret of SECRETS_IN_BACKUP) {
      const from = path.join(staging, secret)
      if ((await stat(from).catch(() => undefined))?.isFile()) await copyFile(from, path.join(dataDir, secret))
    }
    // PostgreSQL replays the WAL of the copy now, so a broken copy shows here and not at the next start.
    const server = await startLocalPostgres({ dataDir: pgDir, port: await freePort() })
    try {
      const client = new pg.Client({ connectionString: server.url })
      await client.connect()
      await client.query('SELECT 1')
      await client.end()
    } finally {
      await server.stop()
    }
  } catch (err) {
    if (aside) {
      await rm(pgDir, { recursive: true, force: true })
      await rename(aside, pgDir)
    }
    throw err
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
  say(`Restored ${file} into ${pgDir}.`)
  if (aside) say(`The database it replaced is kept in ${aside}: remove it once the restored site is as it should be.`)
}
