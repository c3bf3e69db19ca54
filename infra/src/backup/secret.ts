import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { stackSecret } from '../launcher/backing-services.js'
import type { LauncherConfig } from '../launcher/config.js'
import type { BackupConfig } from './config.js'
import { backupKey } from './envelope.js'

/** The key backups are written with: BACKUP_KEY, else one generated once into DATA_DIR/backup-key (never into a backup). */
export function keyForWriting(config: LauncherConfig, backup: BackupConfig): Buffer {
  return backupKey(stackSecret(config, 'backup-key', backup.BACKUP_KEY))
}

/** The key to read a backup with: never a new one (a new key cannot open an old backup). */
export function keyForReading(dataDir: string, backup: BackupConfig): Buffer {
  if (backup.BACKUP_KEY) return backupKey(backup.BACKUP_KEY)
  const where = path.join(dataDir, 'backup-key')
  if (!existsSync(where)) throw new Error(`No backup key: set BACKUP_KEY to the contents of the backup-key file kept from the data directory the backup was made in (${where} does not exist).`)
  return backupKey(readFileSync(where, 'utf8').trim())
}
