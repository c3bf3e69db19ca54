import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import t, { type Test } from 'tap'
import { SERVICE_REGISTRY } from '@hearing/contracts'
import { INTERNAL_TOKEN_HEADER, OPENAPI_PATH } from '@hearing/service-kit'
import { startLocalPostgres } from '../src/postgres/index.js'
import { freePort, fuzzDocument, type Destination, type FuzzReport, type OpenApiDocument, type RouteShape } from '../src/testing/index.js'
import { alive, stackFixture } from './support/stack.js'
import { missingWrites, stackDatabaseUrl, steadyTraffic, type Answer, type Service } from './support/stack-traffic.js'
import { waitFor } from './support/until.js'

/**
 * The journeys that need the whole stack running as `npm start` runs it, but not a fresh one each:
 * one stack is booted for all of them (each used to boot its own), in this order:
 *  1. a deleted account leaves no trace in any schema (on a quiet stack);
 *  2. each process killed with SIGKILL under steady traffic is restarted within 5 s;
 *  3. PostgreSQL stopped under load: only 503s, and every service serves again once it is back;
 *  4. the fuzzer, reading each service's OpenAPI document, gets no 5xx, no hang and no restart;
 * then SIGTERM stops everything, the processes restarted on the way included. The fuzzer comes
 * last: as an admin it may change settings (opening hours, closed days) that the traffic of 2 and 3
 * relies on. The launcher's own journeys (first start, kill -9, orphans, restart on its data) are in
 * launcher.test.ts, backups and restores in backup.test.ts: those need stacks of their own.
 */

const ADMIN = { email: 'journeys.admin@example.com', password: 'Journeys-Admin-Passphrase-42' }
const INTERNAL_TOKEN = 'fuzz-internal-token-'.padEnd(40, 'x')
const SERVICES: Service[] = ['identity', 'scheduling', 'messaging-sync', 'catalogue', 'content']
const ok = (a: Answer) => a.status >= 200 && a.status < 300

/** Boot, four journeys each of a few seconds to a minute (more on a loaded machine), stop. */
t.setTimeout(900_000)

const until = (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) => waitFor(what, check, timeoutMs)

t.test('one stack: erasure, SIGKILL of each process, a PostgreSQL outage, the OpenAPI fuzzer; then SIGTERM stops it all', async (t) => {
  const healthPort = await freePort()
  const { dataDir, port, start, postmasterPid } = await stackFixture(t, 'journeys', {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    INTERNAL_TOKEN,
    LAUNCHER_HEALTH_PORT: String(healthPort),
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_MAX: '100000000',
    BACKUP_SCHEDULE: 'off',
  })
  const booting = Date.now()
  const stack = await start()
  t.comment(`stack ready in ${((Date.now() - booting) / 1000).toFixed(1)} s`)
  const base = `http://127.0.0.1:${port}`
  const healthUrl = /Launcher health: (http:\/\/127\.0\.0\.1:\d+\/healthz)/.exec(stack.output())?.[1]
  t.equal(healthUrl, `http://127.0.0.1:${healthPort}/healthz`, 'the launcher prints its health URL')
  const health = async () =>
    (await fetch(`http://127.0.0.1:${healthPort}/healthz`)).json() as Promise<{
      status: string
      children: Array<{ name: string; url: string; state: string; pid: number; restarts: number; bootMs?: number; lastExit?: { signal: string | null } }>
    }>
  t.equal((await health()).status, 'ok')
  const restarted: number[] = []
  const journey = t

  await t.test('after an account is deleted, its e-mail, phone and names are in no column of any schema; the address signs up again', (t) => erasure(t, base, dataDir))

  await t.test('each process killed with SIGKILL under steady traffic is restarted within 5 s; the others see no error; nothing accepted is lost', async (t) => {
    const recordedPid = (dir: string) =>
      (JSON.parse(readFileSync(path.join(dataDir, 'stack-pids.json'), 'utf8')) as Array<{ pid: number; match: string }>).find((p) => p.match.includes(`/${dir}/dist/server.js`))?.pid
    const traffic = steadyTraffic(base)
    t.teardown(() => traffic.stop())
    await traffic.started
    await until('traffic to flow', () => traffic.answers.filter(ok).length > 50)

    const targets = [...SERVICE_REGISTRY.map((s) => ({ name: s.name as string, dir: s.dir, service: s.name as Service | undefined })), { name: 'gateway', dir: 'gateway', service: undefined }]
    /** Per process killed: when, and when it answered again. */
    const windows: Array<{ name: string; service?: Service; from: number; to: number }> = []
    for (const target of targets) {
      const pid = recordedPid(target.dir)!
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
      t.equal(recordedPid(target.dir), child.pid, 'the reaper’s record holds the new pid')
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
  })

  await t.test('PostgreSQL stopped under load: no 500, only 503 with Retry-After, and every service serves again within 5 s of its return', async (t) => {
    // Bookings from two months ahead: the times the SIGKILL journey's traffic booked are taken.
    const traffic = steadyTraffic(base, { bookFromDay: 60 })
    t.teardown(() => traffic.stop())
    await traffic.started
    await until('traffic to flow', () => traffic.answers.filter(ok).length > 50)

    // PostgreSQL's fast shutdown (what a restart or an operator does), then kept down a few seconds.
    const pid = postmasterPid()
    const pgPort = Number(new URL(stackDatabaseUrl(dataDir)).port)
    process.kill(pid, 'SIGINT')
    await until('PostgreSQL to stop', () => !alive(pid), 30_000)
    const down = Date.now()
    await until('every service to be asked during the outage', () => SERVICES.every((s) => traffic.answers.filter((a) => a.service === s && a.at > down + 2000).length >= 3), 30_000)

    const server = await startLocalPostgres({ dataDir: path.join(dataDir, 'postgres'), port: pgPort })
    const back = Date.now()
    // Stopped after the stack, which does not know this process: a teardown of the whole journey.
    journey.teardown(() => server.stop())
    for (const service of SERVICES) {
      await until(`${service} to serve again`, () => traffic.answers.some((a) => a.service === service && a.at > back && ok(a)), 30_000)
    }
    const recovered = Math.max(...SERVICES.map((s) => traffic.answers.find((a) => a.service === s && a.at > back && ok(a))!.doneAt)) - back
    t.ok(recovered <= 5000, `every service served again ${recovered} ms after PostgreSQL was back`)
    // Whatever was asked after that, answered.
    await until('a second of traffic after recovery', () => traffic.answers.some((a) => a.at > back + recovered + 1000), 30_000)
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
  })

  await t.test("the fuzzer, reading each running service's OpenAPI document, gets no 5xx, no hang and no restart", async (t) => {
    const restartsBefore = Object.fromEntries((await health()).children.map((c) => [c.name, c.restarts]))
    const fuzzing = Date.now()
    const signIn = await fetch(`${base}/api/identity/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
    t.equal(signIn.status, 200, 'the admin signs in')
    const admin = { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` }
    const children = (await health()).children

    for (const service of SERVICE_REGISTRY) {
      const own = children.find((c) => c.name === service.name)?.url
      t.ok(own, `the launcher names ${service.name}'s address`)
      const served = await fetch(`${own}${OPENAPI_PATH}`)
      t.equal(served.status, 200, `${service.name} serves its document on its own port`)
      const document = (await served.json()) as OpenApiDocument
      t.equal((await fetch(`${base}/api/${service.gatewayPrefix}${OPENAPI_PATH}`)).status, 404, 'the gateway does not serve it')

      const viaGateway = `${base}/api/${service.gatewayPrefix}`
      const internal = { base: own!, headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL_TOKEN } as Record<string, string> }
      const visitorTarget: Destination = (route) => (notFuzzed(route) ? undefined : isInternal(route) ? internal : { base: viaGateway, headers: {} })
      const adminTarget: Destination = (route) => (notFuzzed(route) || isInternal(route) ? undefined : { base: viaGateway, headers: admin })
      const began = Date.now()
      const asVisitor = await fuzzDocument(document, visitorTarget, { runs: FUZZ_RUNS })
      const asAdmin = await fuzzDocument(document, adminTarget, { runs: FUZZ_RUNS })
      for (const [who, report] of [['visitor', asVisitor], ['admin', asAdmin]] as const) {
        t.comment(fuzzSummary(`${service.name} (${who})`, report))
        t.ok(report.requests > 0, `${service.name} was fuzzed as ${who}`)
        t.same(report.failures, [], `${service.name} as ${who}: no 5xx, no hang`)
      }
      t.comment(`${service.name} fuzzed in ${((Date.now() - began) / 1000).toFixed(1)} s`)
    }
    t.comment(`fuzzed in ${((Date.now() - fuzzing) / 1000).toFixed(1)} s`)
    const restartsAfter = Object.fromEntries((await health()).children.map((c) => [c.name, c.restarts]))
    t.same(restartsAfter, restartsBefore, 'no process exited and was restarted while the fuzzer ran')
  })

  stack.child.kill('SIGTERM')
  t.equal(await stack.exited, 0, 'the launcher stayed up through it all, and SIGTERM stops it with status 0')
  t.same(restarted.filter(alive), [], 'the restarted processes are stopped with the rest')
})

// --- 1. Erasure -------------------------------------------------------------------------------

const PASSWORD = 'Copper-Kettle-Morning-17'
// Letters only, unlikely anywhere else: what the grep looks for besides the address and the phone.
const LAST_NAME = `Erasemeqz${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`
const FIRST_NAME = 'Perpetua'
const EMAIL = `${LAST_NAME.toLowerCase()}@example.com`
const PHONE = '(770) 555-0168'
const PHONE_DIGITS = '7705550168'

/** Every text-like column of every schema (the audit trail's too) holding the e-mail, the names or the phone. */
async function findPerson(client: pg.Client): Promise<string[]> {
  const { rows: columns } = await client.query<{ schema: string; table: string; column: string }>(`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where tb.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`)
  const hits: string[] = []
  for (const { schema, table, column } of columns) {
    const col = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}.${client.escapeIdentifier(column)}`
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}
       where strpos(lower(${col}::text), $1) > 0 or strpos(lower(${col}::text), $2) > 0 or strpos(lower(${col}::text), $3) > 0 or strpos(regexp_replace(${col}::text, '\\D', '', 'g'), $4) > 0`,
      [EMAIL, LAST_NAME.toLowerCase(), FIRST_NAME.toLowerCase(), PHONE_DIGITS],
    )
    if (rows[0]!.n > 0) hits.push(`${schema}.${table}.${column} (${rows[0]!.n})`)
  }
  return hits
}

async function erasure(t: Test, base: string, dataDir: string) {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { origin: base, ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, text }
  }
  const signIn = async (email: string, password: string) => (await call('POST', '/api/identity/sign-in', { email, password })).json.access_token as string

  const admin = await signIn(ADMIN.email, ADMIN.password)
  const created = await call('POST', '/api/identity/admin/patients', { first_name: FIRST_NAME, last_name: LAST_NAME, email: EMAIL, phone: PHONE, password: PASSWORD }, admin)
  t.equal(created.status, 201, created.text)
  const patientId = created.json.id as string
  const patient = await signIn(EMAIL, PASSWORD)

  // Their data in every service: a booking (signed in), a contact message and an order request (signed out), a page view.
  const locations = (await call('GET', '/api/messaging/locations')).json as unknown as Array<{ uid: string; name: string }>
  const clinic = locations.find((l) => l.name === 'Gainesville')!.uid
  const types = (await call('GET', `/api/scheduling/appointment-types?location_uid=${clinic}`)).json as unknown as Array<{ id: string; name: string }>
  const window = (await call('GET', `/api/scheduling/booking-window?location_uid=${clinic}`)).json as { first_date: string; last_date: string; closed_dates: string[] }
  const day = new Date(`${window.first_date}T12:00:00Z`)
  // Past the days the traffic of the next journeys books (from a week ahead, and from two months ahead).
  day.setUTCDate(day.getUTCDate() + 100)
  while ([0, 6].includes(day.getUTCDay()) || window.closed_dates.includes(day.toISOString().slice(0, 10))) day.setUTCDate(day.getUTCDate() + 1)
  const booking = await call('POST', '/api/scheduling/bookings', { first_name: FIRST_NAME, last_name: LAST_NAME, email: EMAIL, phone: PHONE, location: clinic, appointment_type_id: types.find((ty) => ty.name === 'Hearing Evaluation')!.id, date: day.toISOString().slice(0, 10), time: '11:00', address_line1: '9 Pine Way', city: 'Gainesville', state: 'GA', zip_code: '30501', notes: `Call ${FIRST_NAME}` }, patient)
  t.equal(booking.status, 201, booking.text)
  t.equal((await call('POST', '/api/messaging/contact', { first_name: FIRST_NAME, last_name: LAST_NAME, phone: PHONE, location_uid: clinic, message: `Please write to ${EMAIL}` })).status, 202)
  const order = await call('POST', '/api/catalogue/orders', { first_name: FIRST_NAME, last_name: LAST_NAME, email: EMAIL, phone: PHONE, location_uid: clinic, items: [{ id: 'oticon-zircon-2', quantity: 1 }] })
  t.equal(order.status, 201, order.text)
  t.equal((await call('POST', '/api/content/events', { type: 'page_view', route: '/profile', path: '/profile' }, patient)).status, 202)

  const client = new pg.Client({ connectionString: stackDatabaseUrl(dataDir) })
  await client.connect()
  t.teardown(() => client.end())
  // The producers' e-mails and messages reach messaging-sync first: the grep must find them there before the deletion.
  const deadline = Date.now() + 60_000
  let before: string[] = []
  while (Date.now() < deadline) {
    before = await findPerson(client)
    if (['messaging.deliveries', 'identity.users', 'scheduling.appointments', 'catalogue.order_requests'].every((table) => before.some((hit) => hit.startsWith(table)))) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  t.ok(before.some((hit) => hit.startsWith('messaging.deliveries')), `the person is found before the deletion: ${before.join(', ')}`)

  const erased = await call('POST', `/api/identity/admin/users/${patientId}/erase`, undefined, admin)
  t.equal(erased.status, 200, erased.text)
  t.match(erased.json, { status: 'completed', pending: [] })

  t.same(await findPerson(client), [], 'no column of any schema holds the e-mail, the phone or the names')
  const again = await call('POST', '/api/identity/sign-up', { first_name: FIRST_NAME, last_name: LAST_NAME, email: EMAIL, phone: PHONE, password: PASSWORD, preferred_location_uid: clinic })
  t.equal(again.status, 201, again.text)
}

// --- 2. SIGKILL of each process ---------------------------------------------------------------

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

// --- 4. The OpenAPI fuzzer --------------------------------------------------------------------

/**
 * Requests drawn from each operation's schemas (most with one hostile part) go through the gateway
 * as a visitor and as an admin would send them, and to the services' /internal routes with the
 * service credential. Whatever arrives, every answer comes in time and below 500 (or is a 503
 * "busy, retry after"), and no process falls over. FUZZ_RUNS sets the requests per operation and
 * pass (FUZZ_SEED another draw).
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 12)
const isInternal = (route: RouteShape) => route.url === '/internal' || route.url.startsWith('/internal/')
// Its own document is not proxied (the gateway test covers that); wildcard routes have no shape to
// draw from; Google sign-in is not set up in this stack and says so with a deliberate 503.
const notFuzzed = (route: RouteShape) => route.url === OPENAPI_PATH || route.url.includes('*') || route.url.startsWith('/google/')
const fuzzSummary = (name: string, report: FuzzReport) => `${name}: ${report.requests} requests, statuses ${JSON.stringify(report.statuses)}`
