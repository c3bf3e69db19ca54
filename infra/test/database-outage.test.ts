import path from 'node:path'
import t from 'tap'
import { startLocalPostgres } from '../src/postgres/index.js'
import { alive, stackFixture } from './support/stack.js'
import { missingWrites, stackDatabaseUrl, steadyTraffic, type Answer, type Service } from './support/stack-traffic.js'

async function until(what: string, check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const SERVICES: Service[] = ['identity', 'scheduling', 'messaging-sync', 'catalogue', 'content']
const ok = (a: Answer) => a.status >= 200 && a.status < 300

t.test('PostgreSQL stopped under load: no 500, only 503 with Retry-After, and every service serves again within 5 s of its return', async (t) => {
  const { dataDir, port, start, postmasterPid } = await stackFixture(t, 'pg-outage', { TRUSTED_PROXIES: '127.0.0.1', RATE_LIMIT_MAX: '100000000' })
  const stack = await start()
  const traffic = steadyTraffic(`http://127.0.0.1:${port}`)
  t.teardown(() => traffic.stop())
  await traffic.started
  await until('traffic to flow', () => traffic.answers.filter(ok).length > 50)

  // PostgreSQL's fast shutdown (what a restart or an operator does), then kept down a few seconds.
  const pid = postmasterPid()
  const pgPort = Number(new URL(stackDatabaseUrl(dataDir)).port)
  process.kill(pid, 'SIGINT')
  await until('PostgreSQL to stop', () => !alive(pid))
  const down = Date.now()
  await until('every service to be asked during the outage', () => SERVICES.every((s) => traffic.answers.filter((a) => a.service === s && a.at > down + 2000).length >= 3))

  const server = await startLocalPostgres({ dataDir: path.join(dataDir, 'postgres'), port: pgPort })
  const back = Date.now()
  // Stopped after the stack (the launcher does not know this process).
  t.teardown(() => server.stop())
  for (const service of SERVICES) {
    await until(`${service} to serve again`, () => traffic.answers.some((a) => a.service === service && a.at > back && ok(a)))
  }
  const recovered = Math.max(...SERVICES.map((s) => traffic.answers.find((a) => a.service === s && a.at > back && ok(a))!.doneAt)) - back
  t.ok(recovered <= 5000, `every service served again ${recovered} ms after PostgreSQL was back`)
  // Whatever was asked after that, answered.
  await until('a second of traffic after recovery', () => traffic.answers.some((a) => a.at > back + recovered + 1000))
  await traffic.stop()

  const during = traffic.answers.filter((a) => a.at >= down && a.at <= back)
  const tally: Record<string, number> = {}
  for (const a of traffic.answers.filter((x) => !ok(x))) tally[`${a.service} ${a.method} ${a.status}`] = (tally[`${a.service} ${a.method} ${a.status}`] ?? 0) + 1
  t.comment(`${traffic.answers.length} answers, ${during.length} sent during the ${back - down} ms outage; not 2xx: ${JSON.stringify(tally)}`)
  t.same(traffic.answers.filter((a) => a.status >= 500 && a.status !== 503), [], 'no 500, 502 or 504 at any time')
  t.same(traffic.answers.filter((a) => a.status === 503 && !a.retryAfter), [], 'every 503 says when to come back')
  t.same(traffic.answers.filter((a) => !ok(a) && a.status !== 503), [], 'nothing but 2xx and 503')
  t.same(traffic.answers.filter((a) => a.at > back + recovered && !ok(a)), [], 'after recovery every request is served')
  const { accepted } = traffic
  t.same(await missingWrites(dataDir, accepted), { contacts: [], orders: [], bookings: [] }, `every accepted write is kept (${accepted.contacts.length} messages, ${accepted.orders.length} orders, ${accepted.bookings.length} bookings)`)

  stack.child.kill('SIGTERM')
  t.equal(await stack.exited, 0, 'the launcher stayed up through the outage and stops cleanly')
})
