import { readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { SERVICE_REGISTRY } from '@hearing/contracts'
import { alive, stackFixture } from './support/stack.js'
import { missingWrites, steadyTraffic, type Answer, type Service } from './support/stack-traffic.js'

/**
 * The aim is 5 s. A restarted process spends most of it booting (loading its modules: about a
 * second on an idle machine, 10 s and more at a load average of 20 on two cores), which the
 * supervisor cannot shorten: so a restart may take 5 s, or its own boot time (as the launcher
 * measured it, /healthz bootMs) plus what restarting adds, RESTART_OVERHEAD_MS, whichever is longer.
 * RESTART_WITHIN_MS=5000 holds it to the aim whatever the load.
 */
const RESTART_AIM_MS = 5000
const RESTART_OVERHEAD_MS = 1500
const restartAllowedMs = (bootMs: number) => Number(process.env.RESTART_WITHIN_MS ?? Math.max(RESTART_AIM_MS, bootMs + RESTART_OVERHEAD_MS))

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const recordedPid = (dataDir: string, dir: string) =>
  (JSON.parse(readFileSync(path.join(dataDir, 'stack-pids.json'), 'utf8')) as Array<{ pid: number; match: string }>).find((p) => p.match.includes(`/${dir}/dist/server.js`))?.pid

const ok = (a: Answer) => a.status >= 200 && a.status < 300

t.test('each process killed with SIGKILL under steady traffic is restarted within 5 s; the others see no error; nothing accepted is lost', async (t) => {
  const { dataDir, port, start } = await stackFixture(t, 'supervise', { TRUSTED_PROXIES: '127.0.0.1', RATE_LIMIT_MAX: '100000000' })
  const stack = await start()
  const healthUrl = /Launcher health: (http:\/\/127\.0\.0\.1:\d+\/healthz)/.exec(stack.output())?.[1]
  t.ok(healthUrl, 'the launcher prints its health URL')
  const health = async () =>
    (await fetch(healthUrl!)).json() as Promise<{ status: string; children: Array<{ name: string; state: string; pid: number; restarts: number; bootMs?: number; lastExit?: { signal: string | null } }> }>
  t.equal((await health()).status, 'ok')

  const traffic = steadyTraffic(`http://127.0.0.1:${port}`)
  t.teardown(() => traffic.stop())
  await traffic.started
  await until('traffic to flow', () => traffic.answers.filter(ok).length > 50)

  const targets = [...SERVICE_REGISTRY.map((s) => ({ name: s.name as string, dir: s.dir, service: s.name as Service | undefined })), { name: 'gateway', dir: 'gateway', service: undefined }]
  /** Per process killed: when, and when it answered again. */
  const windows: Array<{ name: string; service?: Service; from: number; to: number }> = []
  const restarted: number[] = []
  for (const target of targets) {
    const pid = recordedPid(dataDir, target.dir)!
    t.ok(pid && alive(pid), `${target.name} runs as recorded (pid ${pid})`)
    const killedAt = Date.now()
    process.kill(pid, 'SIGKILL')
    // Answered again: a request sent after the kill got a 2xx (any service's, for the gateway).
    const answeredAgain = () => traffic.answers.find((a) => a.at > killedAt && ok(a) && (!target.service || a.service === target.service))
    await until(`${target.name} to answer again`, () => answeredAgain() !== undefined)
    const back = answeredAgain()!.doneAt - killedAt
    windows.push({ name: target.name, service: target.service, from: killedAt, to: answeredAgain()!.doneAt })
    await until(`the launcher to report ${target.name} running`, async () => (await health()).children.find((c) => c.name === target.name)?.state === 'running')
    const child = (await health()).children.find((c) => c.name === target.name)!
    t.ok(child.bootMs !== undefined && child.bootMs > 0, `${target.name}: the launcher reports how long its restart took to boot (${child.bootMs} ms)`)
    const allowed = restartAllowedMs(child.bootMs ?? 0)
    t.ok(back <= allowed, `${target.name} answered again ${back} ms after SIGKILL, having booted in ${child.bootMs} ms (aim ${RESTART_AIM_MS} ms, allowed ${allowed})`)
    t.match(child, { restarts: 1, lastExit: { signal: 'SIGKILL' } }, `${target.name}: one restart, its last exit shown`)
    t.equal(recordedPid(dataDir, target.dir), child.pid, 'the reaper’s record holds the new pid')
    t.not(child.pid, pid)
    restarted.push(child.pid)
  }
  await traffic.stop()

  const failures = traffic.answers.filter((a) => !ok(a))
  t.same(failures.filter((a) => a.status >= 500 && a.status !== 503 && a.status !== 502), [], 'no 500 or 504 at any time')
  // A request sent while its service was down: 503 with Retry-After (a write whose connection broke
  // under it: 502, as it may have been acted on). Sent while the gateway was down: no answer.
  const inWindow = (a: Answer, w: (typeof windows)[number]) => a.at >= w.from - 1000 && a.at <= w.to
  const expected = (a: Answer, w: (typeof windows)[number]) =>
    w.service === undefined ? a.status === 0 : w.service === a.service && ((a.status === 503 && a.retryAfter !== null) || (a.status === 502 && a.method === 'POST'))
  const explained = (a: Answer) => windows.some((w) => inWindow(a, w) && expected(a, w))
  t.same(failures.filter((a) => !explained(a)), [], 'the other services answered every request while one was down; the one down answered 503 with Retry-After')
  const tally: Record<string, number> = {}
  for (const a of failures) tally[`${a.service} ${a.status}`] = (tally[`${a.service} ${a.status}`] ?? 0) + 1
  t.comment(`answers: ${traffic.answers.length}, of which not 2xx: ${JSON.stringify(tally)}`)
  t.comment(`back after SIGKILL: ${windows.map((w) => `${w.name} ${w.to - w.from} ms`).join(', ')}`)

  const { accepted } = traffic
  t.ok(accepted.contacts.length > 0 && accepted.orders.length > 0 && accepted.bookings.length > 0, `accepted ${accepted.contacts.length} contact messages, ${accepted.orders.length} orders, ${accepted.bookings.length} bookings`)
  t.same(await missingWrites(dataDir, accepted), { contacts: [], orders: [], bookings: [] }, 'every accepted message, order and booking is in the database')

  stack.child.kill('SIGTERM')
  t.equal(await stack.exited, 0, 'SIGTERM still stops it all')
  t.same(restarted.filter(alive), [], 'the restarted processes are stopped with the rest')
})
