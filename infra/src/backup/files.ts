import { existsSync } from 'node:fs'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'

/**
 * The backup files of a folder: named by their UTC time (backup-20261125T023000Z.hcbackup), so
 * sorting the names sorts them by age. Only node: built-ins here: the Kubernetes backup job's
 * seal.js ships this module alone, with envelope.js.
 */
const NAME = /^backup-\d{8}T\d{6}Z\.hcbackup$/

function fileName(now: Date): string {
  return `backup-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.hcbackup`
}

/**
 * A new backup file in `folder`: `write` fills a temporary name, which becomes the backup only
 * when it succeeded (no half-written backups); returns the file's path.
 */
export async function writeBackupFile(folder: string, write: (partial: string) => Promise<void>, now = new Date()): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  let file = path.join(folder, fileName(now))
  // Two backups within a second (a short test interval): the later one takes the next free second.
  for (let s = 1; existsSync(file); s++) file = path.join(folder, fileName(new Date(now.getTime() + s * 1000)))
  const partial = `${file}.partial`
  try {
    await write(partial)
    await rename(partial, file)
    return file
  } catch (err) {
    await rm(partial, { force: true })
    throw err
  }
}

/** Keeps the newest `keep` backups of the folder, removing older ones; returns those removed. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const names = (await readdir(folder)).filter((n) => NAME.test(n)).sort()
  const old = names.slice(0, Math.max(0, names.length - keep))
  for (const name of old) await rm(path.join(folder, name), { force: true })
  return old
}
