import type { LauncherConfig } from '../launcher/config.js'
import { backupConfig } from './config.js'
import { scheduleBackups, type BackupSchedule } from './schedule.js'
import { keyForWriting } from './secret.js'

/** `npm start`'s nightly backups of the database it runs on (none with BACKUP_SCHEDULE=off). */
export function startStackBackups(config: LauncherConfig, databaseUrl: string, say: (line: string) => void): BackupSchedule | undefined {
  const backup = backupConfig(process.env, config.dataDir)
  if (backup.BACKUP_SCHEDULE === 'off') return undefined
  const source = config.DATABASE_URL ? { kind: 'pg_dump' as const, url: databaseUrl } : { kind: 'cluster' as const, url: databaseUrl, dataDir: config.dataDir }
  return scheduleBackups(backup, source, keyForWriting(config, backup), say)
}
