import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../launcher/paths.js'

/** What a finished command left behind: its exit code, its output (stdout and stderr interleaved) and how long it took. */
export interface Finished {
  code: number | null
  output: string
  seconds: number
}

/** The commands running, each with the signal that asks it to stop. */
const running = new Map<ChildProcess, NodeJS.Signals>()
/** Set once the run is being stopped: nothing new starts. */
let stopping = false

export const say = (line: string) => process.stdout.write(`${line}\n`)

/** When the run began: each block says when it ended, so the run's critical path can be read off. */
const RUN_STARTED = Date.now()

/**
 * Runs a command and hands back its output, printed as one block (with its duration) when it ends,
 * so commands running side by side stay readable. They stay in the runner's process group: a
 * timeout or a terminal's Ctrl-C that signals the group reaches them and their test processes too.
 */
export function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, title: string, stopSignal: NodeJS.Signals = 'SIGTERM'): Promise<Finished> {
  const started = Date.now()
  if (stopping) return Promise.resolve({ code: null, output: 'not started: the run is stopping', seconds: 0 })
  return new Promise((resolve) => {
    // `npx tool` runs the repository's own tool directly: npx does not pass SIGTERM on to it.
    const bin = cmd === 'npx' ? path.join(REPO_ROOT, 'node_modules', '.bin', args[0]!) : undefined
    const [file, argv] = bin && existsSync(bin) ? [bin, args.slice(1)] : [cmd, args]
    const child = spawn(file, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    running.set(child, stopSignal)
    let output = ''
    const collect = (chunk: Buffer) => (output += chunk.toString())
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.once('error', (err) => (output += `could not run ${cmd}: ${err.message}\n`))
    child.once('close', (code) => {
      running.delete(child)
      const seconds = (Date.now() - started) / 1000
      const endedAt = (Date.now() - RUN_STARTED) / 1000
      say(`\n=== ${title} (${seconds.toFixed(0)} s, ended at ${endedAt.toFixed(0)} s) ===\n${output.trimEnd()}`)
      resolve({ code, output, seconds })
    })
  })
}

/**
 * Ends every command still running: its stop signal, then SIGKILL after `graceMs`. The grace
 * outlasts the 15 s Playwright gives the stack it started to stop (playwright.config.ts): killed
 * sooner, Playwright would leave that stack and its PostgreSQL running.
 */
export async function stopAllCommands(graceMs = 20_000): Promise<void> {
  stopping = true
  const children = [...running.keys()]
  for (const [child, signal] of running) child.kill(signal)
  const deadline = Date.now() + graceMs
  while (children.some((c) => running.has(c)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  for (const child of children) if (running.has(child)) child.kill('SIGKILL')
}
