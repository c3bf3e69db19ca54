import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createGzip } from 'node:zlib'
import { ArchiveWriter } from './archive.js'
import { copyCluster } from './cluster-copy.js'
import { writeEncrypted } from './envelope.js'
import { writeBackupFile } from './files.js'
import { dumpDatabase } from './pg-dump.js'

/** Where the database is: the embedded cluster under DATA_DIR (copied whole) or an outside one (pg_dump). */
export type BackupSource = { kind: 'cluster'; url: string; dataDir: string } | { kind: 'pg_dump'; url: string }

/** The stack's own secrets, kept with a copy of the embedded database it cannot work without (identity's keys are sealed with one). */
export const SECRETS_IN_BACKUP = ['internal-token', 'signing-key-secret', 'provider-token-secret'] as const

/** Writes one encrypted backup file into `folder` and returns its path. */
export async function takeBackup(source: BackupSource, folder: string, key: Buffer, now = new Date()): Promise<string> {
  return writeBackupFile(folder, async (partial) => {
    if (source.kind === 'pg_dump') {
      // pg_dump's custom format is compressed already.
      const dump = dumpDatabase(source.url)
      await Promise.all([writeEncrypted(dump.stdout, partial, key, 'pg_dump'), dump.done])
      return
    }
    const gzip = createGzip({ level: 6 })
    const written = writeEncrypted(gzip, partial, key, 'cluster')
    const produced = (async () => {
      const archive = new ArchiveWriter(gzip)
      const pgDir = path.join(source.dataDir, 'postgres')
      await copyCluster(source.url, path.join(pgDir, 'cluster'), archive, 'postgres/cluster')
      await archive.buffer('postgres/password', readFileSync(path.join(pgDir, 'password')))
      for (const secret of SECRETS_IN_BACKUP) {
        const where = path.join(source.dataDir, secret)
        if (existsSync(where)) await archive.buffer(secret, readFileSync(where))
      }
      await archive.end()
    })().catch((err: unknown) => {
      gzip.destroy(err as Error)
      throw err
    })
    await Promise.all([produced, written])
  }, now)
}
