import { createReadStream } from 'node:fs'
import path from 'node:path'
import { backupKey, writeEncrypted } from './envelope.js'
import { pruneBackups, writeBackupFile } from './files.js'

/**
 * `node infra/dist/backup/seal.js DUMP`: encrypts a pg_dump custom-format file (made by pg_dump in
 * PostgreSQL's own image) into BACKUP_DIR with BACKUP_KEY, in the format `npm run restore` reads,
 * and keeps the newest BACKUP_KEEP (14). The Kubernetes backup CronJob's second step: it imports
 * node: built-ins only, so the image ships it without the rest of infra.
 */
async function main(dump: string | undefined): Promise<void> {
  const { BACKUP_DIR, BACKUP_KEY, BACKUP_KEEP = '14' } = process.env
  const keep = Number(BACKUP_KEEP)
  if (!dump || !BACKUP_DIR) throw new Error('Usage: BACKUP_DIR=FOLDER BACKUP_KEY=... node infra/dist/backup/seal.js DUMP')
  if (!BACKUP_KEY || BACKUP_KEY.length < 32) throw new Error('BACKUP_KEY must be set, at least 32 characters')
  if (!Number.isInteger(keep) || keep < 1) throw new Error('BACKUP_KEEP must be a whole number of at least 1')
  const key = backupKey(BACKUP_KEY)
  const file = await writeBackupFile(path.resolve(BACKUP_DIR), (partial) => writeEncrypted(createReadStream(dump), partial, key, 'pg_dump'))
  process.stdout.write(`Backup written: ${file}\n`)
  for (const old of await pruneBackups(path.resolve(BACKUP_DIR), keep)) process.stdout.write(`Removed the older backup ${old}\n`)
}

main(process.argv[2]).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
