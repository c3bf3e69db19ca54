import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import readline from 'node:readline'
import { SHUTDOWN_GRACE_MS } from '@hearing/service-kit/shutdown'
import { REPO_ROOT, type ProcessSpec } from './paths.js'

export interface Child {
  name: string
  /** The script it runs (its command line contains it). */
  script: string
  process: ChildProcess
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>
}

const LEVEL_NAMES: Record<number, string> = { 40: 'warn', 50: 'error', 60: 'fatal' }

/**
 * Runs one of our Node processes from its build output. Its JSON log goes to a file; warnings and
 * errors are also echoed, one short line each, so the console stays readable.
 */
export function startChild(spec: ProcessSpec, script: string, env: NodeJS.ProcessEnv, logDir: string, print: (line: string) => void): Child {
  const scriptPath = path.join(REPO_ROOT, spec.dir, 'dist', script)
  const child = spawn(process.execPath, [scriptPath], {
    cwd: path.join(REPO_ROOT, spec.dir),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: Ctrl-C in the terminal reaches the launcher only, which then stops
    // each process with one SIGTERM (a second signal would cut a process's graceful close short).
    detached: true,
  })
  const log = createWriteStream(path.join(logDir, `${spec.name}.log`), { flags: 'a' })
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    log.write(`${line}\n`)
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string }
      if (entry.level && entry.level >= 40) print(`[${spec.name}] ${LEVEL_NAMES[entry.level] ?? 'warn'}: ${entry.msg ?? line}`)
    } catch {
      print(`[${spec.name}] ${line}`)
    }
  })
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    log.write(`${line}\n`)
    print(`[${spec.name}] ${line}`)
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      log.end()
      resolve(code)
    }),
  )
  return { name: spec.name, script: scriptPath, process: child, exited }
}

/**
 * The status a plain GET of `url` answers, or undefined when nothing answers in time. node:http
 * rather than fetch: the launcher polls several processes every 150 ms while they boot, and fetch's
 * machinery took a sizeable share of the CPU a start needs.
 */
function statusOf(url: string, timeoutMs: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs, agent: false }, (res) => {
      res.resume()
      resolve(res.statusCode)
    })
    req.once('timeout', () => req.destroy())
    req.once('error', () => resolve(undefined))
  })
}

/** Polls a readiness URL until it answers 200; fails early if the process dies. */
export async function waitUntilReady(child: Child, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let died = false
  void child.exited.then(() => (died = true))
  while (Date.now() < deadline) {
    if (died) throw new Error(`${child.name} exited before it was ready (see its log above or in the logs directory)`)
    if ((await statusOf(url, 2000)) === 200) return
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`${child.name} was not ready within ${timeoutMs / 1000} s (${url})`)
}

/** Longer than a process's own shutdown budget, so it exits by itself (with its logs) before SIGKILL. */
export const STOP_GRACE_MS = SHUTDOWN_GRACE_MS + 2_000

/** SIGTERM, then SIGKILL if it has not finished its graceful shutdown in time. */
export async function stopChild(child: Child, graceMs = STOP_GRACE_MS): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return
  child.process.kill('SIGTERM')
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs)
  await child.exited
  clearTimeout(timer)
}
