// `npm run bench:start`: how long `npm start` takes to be ready, cold (an empty data directory:
// the database created, migrated and seeded) and warm (the same directory again: nothing to do but
// start), and how much memory the running stack holds once idle.
//
// Each run is `npm start` as a user types it (building first whatever is stale: after `npm ci`,
// everything), on a free port and a data directory of its own, stopped with SIGTERM afterwards
// (the next run waits until every process of the last one is gone). Prints when each line
// appeared, the launcher's own timeline of the start (launcher.log), the machine's load (times
// depend on it; the CPU used much less) and summary lines to compare before/after.
// Options: BENCH_WARM_RUNS=3, BENCH_IDLE_SECONDS=5, BENCH_JSON=<file>; REDIS_URL as `npm start` takes it.
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { buildIsCurrent } from '../bin/build-state.mjs'

// Nothing built is imported: right after `npm ci`, the cold run's `npm start` builds everything
// itself (tsc -b, the web app) and that time is counted, as a new user waits for it.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 3)
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5)
const say = (line = '') => process.stdout.write(`${line}\n`)

/** Every process of /proc: its parent, and the CPU it and its reaped children used (seconds). */
function processTable() {
  const table = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime, stime, cutime, cstime: fields 14-17 of stat(5), in clock ticks (100 a second on Linux).
      const ticks = fields.slice(11, 15).reduce((sum, v) => sum + Number(v), 0)
      table.set(Number(entry), { ppid: Number(fields[1]), cpuSeconds: ticks / 100 })
    } catch {
      // gone meanwhile
    }
  }
  return table
}

/** The processes of `rootPid`'s tree (itself included). */
function tree(rootPid) {
  const table = processTable()
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = table.get(p)?.ppid ?? 0) if (p === rootPid) return true
    return false
  }
  return [...table].filter(([pid]) => inTree(pid)).map(([pid, info]) => ({ pid, ...info }))
}

/** Resident memory (MiB) of a process and all its descendants, from /proc. */
function treeRssMiB(rootPid) {
  let kib = 0
  for (const { pid } of tree(rootPid)) {
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kib / 1024)
}

/**
 * CPU seconds the whole start used so far (every process of the tree, and those it already reaped):
 * unlike the time to ready, this hardly depends on what else the machine is busy with.
 */
const treeCpuSeconds = (rootPid) => tree(rootPid).reduce((sum, p) => sum + p.cpuSeconds, 0)

/** One `npm start` until ready: the seconds at which each line of its output appeared. */
async function start(dataDir, port) {
  const began = performance.now()
  const child = spawn('npm', ['start', '--silent'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const lines = []
  let buffer = ''
  const onData = (d) => {
    buffer += d
    const parts = buffer.split('\n')
    buffer = parts.pop()
    for (const line of parts) if (line.trim()) lines.push({ at: (performance.now() - began) / 1000, line: line.trim() })
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      // The whole banner: its inbox line may follow "Ready" by a moment (the mail catcher boots last).
      if (lines.some((l) => l.line.includes('Press Ctrl-C to stop.'))) {
        clearInterval(timer)
        resolve()
      }
    }, 20)
    void exited.then((code) => {
      clearInterval(timer)
      reject(new Error(`npm start exited (${code}):\n${lines.map((l) => l.line).join('\n')}`))
    })
  })
  const ready = lines.find((l) => l.line.startsWith('Ready in')).at
  const inbox = lines.find((l) => l.line.startsWith('Mail inbox:'))?.at
  return { child, exited, lines, ready, inbox, cpuSeconds: treeCpuSeconds(child.pid) }
}

/** Like Ctrl-C, then waits for every process of the tree: npm exits first, the launcher when it has stopped the rest. */
async function stop({ child, exited }) {
  const pids = tree(child.pid).map((p) => p.pid)
  process.kill(-child.pid, 'SIGTERM')
  await exited
  const alive = (pid) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  for (const deadline = Date.now() + 30_000; pids.some(alive) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50))
}

/** The launcher's own account of the start: when each step was reached (its last start timeline in launcher.log). */
function launcherTimeline(dataDir) {
  try {
    const lines = readFileSync(path.join(dataDir, 'logs', 'launcher.log'), 'utf8').split('\n')
    return lines.findLast((l) => l.includes('start timeline'))?.replace(/^\S+ /, '')
  } catch {
    return undefined
  }
}

const load = () => loadavg()[0].toFixed(1)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function run(label, dataDir, port) {
  const loadBefore = load()
  const stack = await start(dataDir, port)
  const inbox = stack.inbox === undefined ? '' : `, mail inbox in ${stack.inbox.toFixed(1)} s`
  say(`${label}: ready in ${stack.ready.toFixed(1)} s${inbox}, having used ${stack.cpuSeconds.toFixed(1)} s of CPU by then (1-minute load average before: ${loadBefore}, then: ${load()})`)
  for (const { at, line } of stack.lines) if (!/^(Password|This password|Logs:)/.test(line)) say(`  ${at.toFixed(1).padStart(5)} s  ${line.slice(0, 110)}`)
  const timeline = launcherTimeline(dataDir)
  if (timeline) say(`  ${timeline}`)
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000))
  const idleMiB = treeRssMiB(stack.child.pid)
  say(`  idle memory after ${IDLE_SECONDS} s: ${idleMiB} MiB (npm start and every process it started, PostgreSQL included)`)
  await stop(stack)
  return { ready: stack.ready, inbox: stack.inbox, cpuSeconds: stack.cpuSeconds, idleMiB, load: Number(loadBefore), timeline }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'hc-bench-start-'))
chmodSync(dataDir, 0o755) // the embedded PostgreSQL runs as 'postgres' when we are root
try {
  const port = await freePort()
  const builds = [buildIsCurrent(REPO_ROOT) ? 'TypeScript already built' : 'TypeScript to build', existsSync(path.join(REPO_ROOT, 'web', 'dist', 'pages.json')) ? 'web app already built' : 'web app to build']
  const cold = await run(`cold start (empty data directory; ${builds.join(', ')})`, dataDir, port)
  const warm = []
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await run(`warm start ${i + 1} (same data directory)`, dataDir, port))
  const best = Math.min(...warm.map((w) => w.ready))
  const warmMedian = median(warm.map((w) => w.ready))
  const loads = [cold, ...warm].map((r) => r.load)
  say(`\ncold ${cold.ready.toFixed(1)} s (aim <= 30 s), warm ${warm.map((w) => w.ready.toFixed(1)).join(' / ')} s, median ${warmMedian.toFixed(1)} s (aim <= 5 s), idle ${warm.at(-1).idleMiB} MiB`)
  if (warm[0].inbox !== undefined) say(`mail inbox line: cold ${cold.inbox.toFixed(1)} s, warm ${warm.map((w) => w.inbox.toFixed(1)).join(' / ')} s`)
  say(`CPU used until the whole banner: cold ${cold.cpuSeconds.toFixed(1)} s, warm ${warm.map((w) => w.cpuSeconds.toFixed(1)).join(' / ')} s (${cpus().length} cores)`)
  say(`load average (1 min) before the runs: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`)
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ cold, warm, bestWarm: best, warmMedian }, null, 2))
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
