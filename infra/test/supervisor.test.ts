import { spawn } from 'node:child_process'
import t from 'tap'
import type { Child } from '../src/launcher/child.js'
import { Supervisor } from '../src/launcher/supervisor.js'
import { freePort } from '../src/testing/index.js'
import { waitFor } from './support/until.js'

/** A Node process running `code`, as startChild gives it. */
function child(name: string, code: string): Child {
  const process_ = spawn(process.execPath, ['-e', code], { stdio: 'ignore' })
  const exited = new Promise<number | null>((resolve) => process_.once('exit', (c) => resolve(c)))
  return { name, script: '-e', process: process_, exited }
}

const until = (what: string, check: () => boolean, timeoutMs = 15_000) => waitFor(what, check, timeoutMs, 20)

const backoff = { delaysMs: [0, 50, 100], stableAfterMs: 60_000, reportAfter: 4 }

t.test('a process that exits is started again at once, recorded anew, and shown running with its last exit', async (t) => {
  const port = await freePort()
  const lines: string[] = []
  const started: Array<{ pid?: number; previous?: number }> = []
  const supervisor = new Supervisor({ say: (l) => lines.push(l), backoff, onStart: (c, previous) => started.push({ pid: c.process.pid, previous: previous?.process.pid }) })
  t.teardown(() => supervisor.stopAll())
  const server = `require('http').createServer((q, r) => r.end('ok')).listen(${port}, '127.0.0.1')`
  await supervisor.add({ name: 'web', start: () => child('web', server), readyUrl: `http://127.0.0.1:${port}/` })
  const first = supervisor.health().children[0]!
  t.match(first, { name: 'web', state: 'running', restarts: 0 })

  process.kill(first.pid!, 'SIGKILL')
  await until('a restart', () => supervisor.health().children[0]!.state === 'running' && supervisor.health().children[0]!.restarts === 1)
  const after = supervisor.health().children[0]!
  t.not(after.pid, first.pid, 'a new process')
  t.match(after.lastExit, { code: null, signal: 'SIGKILL' })
  t.same(started.at(-1), { pid: after.pid, previous: first.pid }, 'its pid replaces the old one in the records')
  t.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 200, 'it serves again')
  t.match(lines, [/web exited unexpectedly \(signal SIGKILL\): restarting\.\.\./, /web is running again \(restart 1\)/])
  t.equal(supervisor.health().status, 'ok')
})

t.test('a process that keeps crashing is retried with growing delays, reported once as crashing, and stopped by stopAll', async (t) => {
  const port = await freePort()
  const lines: string[] = []
  const supervisor = new Supervisor({ say: (l) => lines.push(l), backoff })
  const healthy = `require('http').createServer((q, r) => r.end('ok')).listen(${port}, '127.0.0.1')`
  let crash = false
  await supervisor.add({
    name: 'flaky',
    start: () => {
      return child('flaky', crash ? 'process.exit(3)' : healthy)
    },
    readyUrl: `http://127.0.0.1:${port}/`,
  })
  crash = true
  process.kill(supervisor.health().children[0]!.pid!, 'SIGTERM')
  await until('it to be reported as crashing', () => supervisor.health().children[0]!.state === 'crashing')
  const report = lines.find((l) => l.includes('keeps crashing'))
  t.match(report, /^flaky keeps crashing \(4 times in a row, last code 3\)/, 'said plainly, once')
  t.match(supervisor.health(), { status: 'degraded', children: [{ state: 'crashing', lastExit: { code: 3 } }] })
  const delays = lines.filter((l) => l.includes('exited unexpectedly')).map((l) => Number(/restarting in ([\d.]+) s/.exec(l)?.[1] ?? 0))
  t.same(delays, [0, 0.05, 0.1], 'at once, then after growing delays')

  await supervisor.stopAll()
  t.equal(supervisor.health().children[0]!.state, 'stopped', 'stopped, not waiting to restart')
})
