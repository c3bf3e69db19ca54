import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { SHUTDOWN_GRACE_MS } from '../src/server.js'

const script = fileURLToPath(new URL('./fixtures/slow-close.ts', import.meta.url))
// tap's TypeScript loader without its coverage hooks.
const execArgv = process.execArgv.filter((arg) => !/@tapjs\/(processinfo|mock)/.test(arg))

function stopAfterClose(closeMs: number, { graceMs, signals = 1 }: { graceMs?: number; signals?: number } = {}): Promise<{ code: number | null; tookMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, script], { env: { PATH: process.env.PATH, CLOSE_MS: String(closeMs), TS_NODE_TRANSPILE_ONLY: '1', ...(graceMs ? { GRACE_MS: String(graceMs) } : {}) }, stdio: ['ignore', 'pipe', 'inherit'] })
    let started = 0
    child.stdout.on('data', (d: Buffer) => {
      if (!started && d.toString().includes('listening')) {
        started = Date.now()
        for (let i = 0; i < signals; i++) setTimeout(() => child.kill('SIGTERM'), i * 300)
      }
    })
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, tookMs: Date.now() - started }))
  })
}

t.test('a close as slow as messaging-sync worst case (15 s) ends with status 0, not a forced exit', async (t) => {
  const { code, tookMs } = await stopAfterClose(15_000)
  t.comment(`close of 15 s: exit status ${code} after ${(tookMs / 1000).toFixed(1)} s (budget ${SHUTDOWN_GRACE_MS / 1000} s)`)
  t.equal(code, 0)
})

t.test('a close that outlasts its budget is cut short with status 1', async (t) => {
  const { code, tookMs } = await stopAfterClose(20_000, { graceMs: 1_000 })
  t.equal(code, 1, 'exit status 1')
  t.ok(tookMs < 10_000, `after the 1 s budget, not the 20 s close (${tookMs} ms)`)
})

t.test('a second SIGTERM while closing ends the process at once with status 1', async (t) => {
  const { code, tookMs } = await stopAfterClose(20_000, { signals: 2 })
  t.equal(code, 1, 'exit status 1')
  t.ok(tookMs < 10_000, `without waiting for the 20 s close (${tookMs} ms)`)
})
