import path from 'node:path'
import { z } from 'zod'

const schema = z.object({
  /** Folder of the backups; default DATA_DIR/backups. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** The secret the backups are encrypted with; default one generated once into DATA_DIR/backup-key. */
  BACKUP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Local time of the nightly backup a running stack takes (HH:MM, 24-hour). */
  BACKUP_TIME: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM, e.g. 02:30').default('02:30'),
  /** How many backups are kept: the oldest beyond that are removed after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /** Instead of nightly: every N seconds (for tests and trials). */
  BACKUP_INTERVAL_SECONDS: z.coerce.number().int().min(1).optional(),
  /** "off": a running stack takes no backups of its own (an outside job does). */
  BACKUP_SCHEDULE: z.enum(['on', 'off']).default('on'),
})

export type BackupConfig = z.output<typeof schema> & { folder: string }

export function backupConfig(env: NodeJS.ProcessEnv, dataDir: string): BackupConfig {
  // Empty values (docker compose's `${X:-}`) mean "not set".
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''))
  const parsed = schema.safeParse(given)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid backup configuration:\n${lines.join('\n')}`)
  }
  return { ...parsed.data, folder: path.resolve(parsed.data.BACKUP_DIR ?? path.join(dataDir, 'backups')) }
}
