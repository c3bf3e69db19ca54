import { readFileSync, writeFileSync, rmSync } from 'node:fs'
import path from 'node:path'

/**
 * The processes a launcher started, written down in its data directory as it starts them, so that
 * whatever ends the launcher (kill -9, a crash, the OOM killer) they can still be found and
 * stopped: by the reaper it leaves watching (reaper.ts), or by the next start on that directory.
 */
export interface StackProcess {
  pid: number
  /** Text its command line must contain, so a recycled pid is never mistaken for ours. */
  match: string
  /** How to ask it to stop: PostgreSQL's fast shutdown is SIGINT. */
  signal: 'SIGTERM' | 'SIGINT'
}

const fileOf = (dataDir: string) => path.join(dataDir, 'stack-pids.json')

function read(dataDir: string): StackProcess[] {
  try {
    return JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as StackProcess[]
  } catch {
    return []
  }
}

export function recordProcess(dataDir: string, entry: StackProcess): void {
  writeFileSync(fileOf(dataDir), JSON.stringify([...read(dataDir), entry]), { mode: 0o600 })
}

/** A process was started again in place of another (supervisor.ts): the new pid replaces the old one. */
export function replaceProcess(dataDir: string, previousPid: number, entry: StackProcess): void {
  // In its predecessor's place: the reaper stops them in reverse start order.
  const all = read(dataDir)
  const at = all.findIndex((p) => p.pid === previousPid)
  if (at < 0) all.push(entry)
  else all[at] = entry
  writeFileSync(fileOf(dataDir), JSON.stringify(all), { mode: 0o600 })
}

export function forgetProcesses(dataDir: string): void {
  rmSync(fileOf(dataDir), { force: true })
}

function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return undefined
  }
}

function isOurs(p: StackProcess): boolean {
  return commandLine(p.pid)?.includes(p.match) ?? false
}

/**
 * Stops every recorded process that is still running (gateway first, stores last, as written down
 * in start order), waiting up to `graceMs` for each to exit before SIGKILL. Returns how many it found.
 */
export async function reapProcesses(dataDir: string, graceMs = 15_000): Promise<number> {
  const alive = read(dataDir).filter(isOurs).reverse()
  for (const p of alive) {
    try {
      process.kill(p.pid, p.signal)
    } catch {
      continue
    }
    const deadline = Date.now() + graceMs
    while (isOurs(p) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    if (isOurs(p)) {
      try {
        process.kill(p.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }
  forgetProcesses(dataDir)
  return alive.length
}
