import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** One launcher per data directory: a pid file, taken over only when its owner is gone. */
export function acquireLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'launcher.pid')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const owner = Number(readFileSync(file, 'utf8'))
      if (owner && owner !== process.pid && alive(owner)) {
        throw new Error(`Another instance (pid ${owner}) is already running with the data directory ${dataDir}. Stop it first, or set DATA_DIR to use another directory.`)
      }
      rmSync(file, { force: true }) // stale: its launcher died without cleaning up
    }
  }
  throw new Error(`Could not lock ${dataDir}`)
}
