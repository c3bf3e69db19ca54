import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Test } from 'tap'
import { REPO_ROOT } from '../../src/launcher/paths.js'
import { freePort, testRedisUrl } from '../../src/testing/index.js'

/**
 * Stacks started as `npm start` starts them, for the launcher's tests (launcher, supervision,
 * database outage): a fresh data directory and port each, cleaned up at teardown.
 */

/** The stack exactly as `npm start` runs it (the build already happened in `npm test`). */
export function launch(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'infra/dist/launcher/main.js')], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const ready = new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      // The whole banner: its lines after "Ready in" (mail inbox, backups, logs) are printed a moment later.
      if (/Ready in [\d.]+ s: http:\/\/localhost:\d+[\s\S]*Press Ctrl-C to stop\./.test(output)) finish(resolve)
    }, 100)
    const finish = (fn: () => void) => {
      clearInterval(check)
      clearTimeout(timer)
      fn()
    }
    // A guard against a launcher that never gets ready, not a speed check: beside the journeys on a
    // busy machine a first start (a new PostgreSQL cluster, six services) has taken over two minutes.
    const timer = setTimeout(() => finish(() => reject(new Error(`not ready in time:\n${output}`))), 240_000)
    void exited.then((code) => finish(() => reject(new Error(`launcher exited (${code}):\n${output}`))))
  })
  ready.catch(() => {})
  return { child, exited, ready, output: () => output }
}

export function childPids(pid: number): number[] {
  return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map(Number).filter(Boolean)
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * A fresh data directory and port for one test, removed afterwards; `start` launches the stack on
 * them (the last one started is killed at teardown if the test did not stop it).
 */
export async function stackFixture(t: Test, name: string, extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hc-launch-${name}-`))
  chmodSync(dataDir, 0o755) // the embedded PostgreSQL runs as 'postgres' when we are root
  const port = await freePort()
  const env = { PORT: String(port), DATA_DIR: dataDir, REDIS_URL: await testRedisUrl(), LOG_LEVEL: 'warn', ...extraEnv }
  let running: ChildProcess | undefined
  // One teardown, in this order: a stack the test left running is stopped as Ctrl-C stops it (all
  // it started), and only then is its data directory removed; removed first, the reaper would find
  // no record of the processes and they would outlive the test.
  t.teardown(async () => {
    if (running && running.exitCode === null && running.signalCode === null) {
      const exited = new Promise((resolve) => running!.once('exit', resolve))
      running.kill('SIGTERM')
      const late = setTimeout(() => running!.kill('SIGKILL'), 60_000)
      await exited
      clearTimeout(late)
    }
    rmSync(dataDir, { recursive: true, force: true })
  })
  const start = async () => {
    const stack = launch(env)
    running = stack.child
    await stack.ready
    return stack
  }
  const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres/cluster/postmaster.pid'), 'utf8').split('\n')[0])
  return { dataDir, port, env, start, postmasterPid }
}
