import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { freePort, portAnswers } from '../src/testing/index.js'
import { alive, childPids, launch, stackFixture } from './support/stack.js'

/**
 * One data directory, three starts, each ended a different way (the stack boots three times, not
 * once per case): kill -9 of the launcher and its reaper (orphans left), a start that cleans them up
 * and is then killed -9 itself (its reaper stops the stack), and a last start on the same data that
 * stops cleanly on SIGTERM. Ctrl-C (SIGINT) takes the same path (main.ts) and ends the journeys' stacks.
 */
t.test('npm start: boots, refuses a second instance, survives kill -9 (reaper) and orphans, stops cleanly and restarts on its data', async (t) => {
  const { dataDir, port, env, start, postmasterPid: postmaster } = await stackFixture(t, 'boot')
  const base = `http://127.0.0.1:${port}`

  // 1. A fresh start: the whole stack answers through the gateway.
  const first = await start()
  t.match(first.output(), /Creating the embedded PostgreSQL/, 'the first start creates the database')
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

  // The launcher dies with its reaper (as when a whole process group is killed but the stack was started apart).
  const firstChildren = childPids(first.child.pid!)
  const reaper = firstChildren.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('reaper.js'))
  t.ok(reaper, 'the launcher runs a reaper')
  process.kill(reaper!, 'SIGKILL')
  first.child.kill('SIGKILL')
  await first.exited
  const orphans = firstChildren.filter((pid) => pid !== reaper).filter(alive)
  t.ok(orphans.length >= 6, `${orphans.length} orphans are left running for now`)

  // 2. The next start cleans up what was left, reuses the data, and is killed -9 in turn: its reaper stops the stack.
  const second = await start()
  t.match(second.output(), /Stopped \d+ process\(es\) left running by an earlier start/)
  t.same(orphans.filter(alive), [], 'the orphans are gone')
  t.notMatch(second.output(), /Creating the embedded PostgreSQL/, 'the second start reuses the data')
  t.equal((await fetch(`${base}/api/messaging/locations`)).status, 200)
  const launched = [...childPids(second.child.pid!), postmaster()]
  second.child.kill('SIGKILL')
  await second.exited
  // The reaper stops what was left; give it the time a graceful stop takes.
  const deadline = Date.now() + 30_000
  while (launched.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250))
  const left = launched.filter(alive)
  t.comment(`after kill -9 of the launcher: ${left.length} of ${launched.length} processes still running`)
  t.same(left, [], 'no process of the stack outlives the launcher')
  t.notOk(await portAnswers(port), 'the port is free again')

  // 3. A start after kill -9 runs on the same data, and SIGTERM stops everything with status 0.
  const third = await start()
  t.equal((await fetch(`${base}/api/messaging/locations`)).status, 200, 'a new start on the same data directory runs')
  const postmasterPid = postmaster()
  t.ok(alive(postmasterPid), 'embedded PostgreSQL is running')
  const running = childPids(third.child.pid!)
  t.ok(running.length >= 7, `it runs postgres, five services and the gateway (${running.length} processes)`)
  third.child.kill('SIGTERM')
  t.equal(await third.exited, 0, 'SIGTERM stops it with status 0')
  t.notOk(alive(postmasterPid), 'PostgreSQL stopped')
  t.same(running.filter(alive), [], 'no process it started is left behind')
  t.notOk(await portAnswers(port), 'gateway port released')
  t.notOk(existsSync(path.join(dataDir, 'launcher.pid')), 'lock released')
})
