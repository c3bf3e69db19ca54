import type { BackupSource } from './backup.js'
import { takeBackup } from './backup.js'
import { pruneBackups } from './files.js'
import type { BackupConfig } from './config.js'

export interface BackupSchedule {
  /** When and where, for the start-up summary. */
  description: string
  /** No new backup starts; one under way is finished first. */
  stop(): Promise<void>
}

/** Milliseconds until the next HH:MM of local time (tomorrow's if today's has passed). */
export function untilNext(time: string, now = new Date()): number {
  const [hours, minutes] = time.split(':').map(Number)
  const next = new Date(now)
  next.setHours(hours!, minutes!, 0, 0)
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1)
  return next.getTime() - now.getTime()
}

/**
 * The running stack's own backups: every night at BACKUP_TIME (local time), or every
 * BACKUP_INTERVAL_SECONDS, into the backup folder, keeping the newest BACKUP_KEEP. A failed
 * backup is reported and tried again at the next turn; the stack keeps running.
 */
export function scheduleBackups(config: BackupConfig, source: BackupSource, key: Buffer, say: (line: string) => void): BackupSchedule {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const delay = () => (config.BACKUP_INTERVAL_SECONDS ? config.BACKUP_INTERVAL_SECONDS * 1000 : untilNext(config.BACKUP_TIME))
  const once = async () => {
    try {
      const file = await takeBackup(source, config.folder, key)
      const removed = await pruneBackups(config.folder, config.BACKUP_KEEP)
      say(`Backup written: ${file}${removed.length ? ` (${removed.length} older removed)` : ''}`)
    } catch (err) {
      say(`Backup failed: ${err instanceof Error ? err.message : String(err)} (tried again at the next scheduled time)`)
    }
  }
  const arm = () => {
    if (stopped) return
    timer = setTimeout(() => {
      running = once().then(arm)
    }, delay())
    timer.unref()
  }
  arm()
  const when = config.BACKUP_INTERVAL_SECONDS ? `every ${config.BACKUP_INTERVAL_SECONDS} s` : `every night at ${config.BACKUP_TIME}`
  return {
    description: `${when} into ${config.folder}, keeping the last ${config.BACKUP_KEEP}`,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
