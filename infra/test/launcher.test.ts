import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import { REPO_ROOT } from '../src/launcher/paths.js'
import { freePort, portAnswers, testRedisUrl } from '../src/testing/index.js'

/** The stack exactly as `npm start` runs it (the build already happened in `npm test`). */
function launch(env: Record<string, string>) {
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
      if (/Ready in [\d.]+ s: http:\/\/localhost:\d+/.test(output)) finish(resolve)
    }, 100)
    const finish = (fn: () => void) => {
      clearInterval(check)
      clearTimeout(timer)
      fn()
    }
    const timer = setTimeout(() => finish(() => reject(new Error(`not ready in time:\n${output}`))), 120_000)
    void exited.then((code) => finish(() => reject(new Error(`launcher exited (${code}):\n${output}`))))
  })
  ready.catch(() => {})
  return { child, exited, ready, output: () => output }
}

function childPids(pid: number): number[] {
  return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map(Number).filter(Boolean)
}

function alive(pid: number): boolean {
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
async function stackFixture(t: Test, name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hc-launch-${name}-`))
  chmodSync(dataDir, 0o755) // the embedded PostgreSQL runs as 'postgres' when we are root
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const port = await freePort()
  const env = { PORT: String(port), DATA_DIR: dataDir, REDIS_URL: await testRedisUrl(), LOG_LEVEL: 'warn' }
  let running: ChildProcess | undefined
  t.teardown(() => running?.kill('SIGKILL'))
  const start = async () => {
    const stack = launch(env)
    running = stack.child
    await stack.ready
    return stack
  }
  const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres/cluster/postmaster.pid'), 'utf8').split('\n')[0])
  return { dataDir, port, env, start, postmasterPid }
}

t.test('npm start boots the whole stack, refuses a second instance, stops cleanly and restarts on its data', async (t) => {
  const { dataDir, port, env, start, postmasterPid: postmaster } = await stackFixture(t, 'boot')
  const first = await start()
  const base = `http://127.0.0.1:${port}`

  const locations = await fetch(`${base}/api/messaging/locations`)
  t.equal(locations.status, 200)
  t.same(((await locations.json()) as Array<{ name: string }>).map((l) => l.name), ['Gainesville', 'Dawsonville'])
  const missing = await fetch(`${base}/no/such/page`)
  t.equal(missing.status, 404, 'unknown page is a real 404')
  t.match(missing.headers.get('content-type'), /text\/html/)
  t.equal((await fetch(`${base}/api/scheduling/appointment-types?location_uid=nope`)).status, 200, 'scheduling is routed')
  t.equal((await fetch(`${base}/api/identity/.well-known/jwks.json`)).status, 200, 'identity publishes its keys')

  const sameData = launch({ ...env, PORT: String(await freePort()) })
  t.equal(await sameData.exited, 1, 'a second instance on the same data directory refuses to start')
  t.match(sameData.output(), /Another instance \(pid \d+\) is already running with the data directory/)
  const samePort = launch({ ...env, DATA_DIR: path.join(dataDir, 'other') })
  t.equal(await samePort.exited, 1)
  t.match(samePort.output(), new RegExp(`Port ${port} is already in use`))

  const postmasterPid = postmaster()
  t.ok(alive(postmasterPid), 'embedded PostgreSQL is running')
  const launched = childPids(first.child.pid!)
  t.ok(launched.length >= 7, `it runs postgres, five services and the gateway (${launched.length} processes)`)
  first.child.kill('SIGTERM')
  t.equal(await first.exited, 0, 'SIGTERM stops it with status 0')
  t.notOk(alive(postmasterPid), 'PostgreSQL stopped')
  t.same(launched.filter(alive), [], 'no process it started is left behind')
  t.notOk(await portAnswers(port), 'gateway port released')
  t.notOk(existsSync(path.join(dataDir, 'launcher.pid')), 'lock released')

  const second = await start()
  t.notMatch(second.output(), /Creating the embedded PostgreSQL/, 'the second start reuses the data')
  t.equal((await fetch(`${base}/api/messaging/locations`)).status, 200)
  second.child.kill('SIGINT')
  t.equal(await second.exited, 0, 'Ctrl-C stops it too')
})

t.test('kill -9 of the launcher takes its stack down with it, and the next start on that data directory works', async (t) => {
  const { port, start, postmasterPid } = await stackFixture(t, 'kill')
  const first = await start()
  const launched = [...childPids(first.child.pid!), postmasterPid()]
  first.child.kill('SIGKILL')
  await first.exited

  // The reaper stops what was left; give it the time a graceful stop takes.
  const deadline = Date.now() + 30_000
  while (launched.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250))
  const orphans = launched.filter(alive)
  t.comment(`after kill -9 of the launcher: ${orphans.length} of ${launched.length} processes still running`)
  t.same(orphans, [], 'no process of the stack outlives the launcher')
  t.notOk(await portAnswers(port), 'the port is free again')

  const second = await start()
  t.equal((await fetch(`http://127.0.0.1:${port}/api/messaging/locations`)).status, 200, 'a new start on the same data directory runs')
  second.child.kill('SIGTERM')
  t.equal(await second.exited, 0)
})

t.test('a start cleans up what a launcher that died with its reaper left behind', async (t) => {
  const { start } = await stackFixture(t, 'orphans')
  const first = await start()
  // The reaper dies first (as when a whole process group is killed but the stack was started apart).
  const children = childPids(first.child.pid!)
  const reaper = children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('reaper.js'))
  t.ok(reaper, 'the launcher runs a reaper')
  process.kill(reaper!, 'SIGKILL')
  first.child.kill('SIGKILL')
  await first.exited
  const orphans = children.filter((pid) => pid !== reaper).filter(alive)
  t.ok(orphans.length >= 6, `${orphans.length} orphans are left running for now`)

  const second = await start()
  t.match(second.output(), /Stopped \d+ process\(es\) left running by an earlier start/)
  t.same(orphans.filter(alive), [], 'the orphans are gone')
  second.child.kill('SIGTERM')
  t.equal(await second.exited, 0)
})
