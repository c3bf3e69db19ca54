import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env.js'

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..')

export interface ExtraStack {
  url: string
  /** What the launcher printed so far (its Ready banner among it). */
  output(): string
  stop(): Promise<void>
}

/**
 * A second stack, started as `npm start` starts it, for journeys that need settings the shared
 * one does not have (an outside provider instead of the local default): its own port and data
 * directory, the same first admin. Stopped with SIGINT, its data removed.
 */
export async function startExtraStack(port: number, env: Record<string, string>): Promise<ExtraStack> {
  const dataDir = path.join(tmpdir(), `hc-e2e-extra-${port}`)
  rmSync(dataDir, { recursive: true, force: true })
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['infra/dist/launcher/main.js'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', STOP_WITH_PARENT: '1', RATE_LIMIT_MAX: '100000', PUBLIC_URL: url, ADMIN_EMAIL, ADMIN_PASSWORD, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  // Stopped as a terminal's Ctrl-C stops `npm start` (SIGINT; the launcher test covers SIGTERM): it must end with status 0.
  const stop = async () => {
    let code: number | null = 0
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT')
      code = await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
    if (code !== 0) throw new Error(`the extra stack did not stop cleanly on Ctrl-C (exit ${code}):\n${output.slice(-2000)}`)
  }
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the extra stack exited (${child.exitCode}):\n${output.slice(-2000)}`)
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, output: () => output, stop }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop().catch(() => {})
      throw new Error(`the extra stack did not become ready:\n${output.slice(-2000)}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}
