import { createWriteStream } from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { launcherConfig } from '../launcher/config.js'
import { acquireLock } from '../launcher/lock.js'
import { takeBackup } from './backup.js'
import { pruneBackups } from './files.js'
import { backupConfig } from './config.js'
import { openEncrypted, verifyBackup } from './envelope.js'
import { restoreBackup } from './restore.js'
import { keyForReading, keyForWriting } from './secret.js'
import { withBackupSource } from './source.js'

/**
 * `npm run backup [FOLDER]`: one encrypted backup of the whole database into FOLDER (default
 * BACKUP_DIR, else DATA_DIR/backups). `npm run restore FILE`: the stopped stack back to FILE's state.
 * `unseal FILE DUMP` checks and decrypts a pg_dump backup (the Kubernetes CronJob's, see seal.ts)
 * back into a plain dump for pg_restore.
 */
const say = (line: string) => process.stdout.write(`${line}\n`)
// npm runs scripts from the repository root: paths given on the command line are the caller's.
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p)

async function main([command, argument, output]: string[]): Promise<void> {
  const config = launcherConfig(process.env)
  const backup = backupConfig(process.env, config.dataDir)
  if (command === 'backup') {
    const folder = argument ? fromCaller(argument) : backup.folder
    const key = keyForWriting(config, backup)
    const file = await withBackupSource(config, (source) => takeBackup(source, folder, key))
    say(`Backup written: ${file}`)
    if (!argument) for (const old of await pruneBackups(folder, backup.BACKUP_KEEP)) say(`Removed the older backup ${old}`)
    if (!backup.BACKUP_KEY) say(`It is encrypted with the key in ${path.join(config.dataDir, 'backup-key')}: keep a copy of that file somewhere else (a backup cannot be read without it).`)
    return
  }
  if (command === 'unseal' && argument && output) {
    const key = keyForReading(config.dataDir, backup)
    if ((await verifyBackup(fromCaller(argument), key)) !== 'pg_dump') throw new Error('This backup is a copy of the embedded database, not a pg_dump file: restore it with npm run restore.')
    await pipeline(openEncrypted(fromCaller(argument), key).stream, createWriteStream(fromCaller(output), { mode: 0o600 }))
    say(`Decrypted into ${fromCaller(output)} (pg_dump's custom format, for pg_restore).`)
    return
  }
  if (command === 'restore' && argument) {
    let release: () => void
    try {
      release = acquireLock(config.dataDir)
    } catch {
      throw new Error(`The stack of ${config.dataDir} is running: stop it (Ctrl-C in its terminal) before restoring.`)
    }
    try {
      await restoreBackup({ file: fromCaller(argument), key: keyForReading(config.dataDir, backup), dataDir: config.dataDir, databaseUrl: config.DATABASE_URL, say })
    } finally {
      release()
    }
    say('Start the stack again with npm start.')
    return
  }
  throw new Error('Usage: npm run backup [FOLDER]  |  npm run restore FILE  |  node infra/dist/backup/cli.js unseal FILE DUMP')
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
