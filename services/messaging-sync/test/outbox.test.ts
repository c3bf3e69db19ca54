import type { MessagePayload } from '@hearing/contracts'
import { addToOutbox, createDb, createOutboxRelay, migrateToLatest, outboxMigration, type OutboxTable } from '@hearing/service-kit'
import { freePort, freshDatabase, TEST_INTERNAL_TOKEN } from '@hearing/infra/testing'
import type { Kysely } from 'kysely'
import t from 'tap'
import type { Delivery } from '../src/database.js'
import { build, sleep, startSmtpSink, testConfig, waitFor } from './helper.js'

type Built = Awaited<ReturnType<typeof build>>

const INTERNAL = { 'x-internal-token': TEST_INTERNAL_TOKEN }
const silentLog = { info() {}, warn() {}, error() {}, child: () => silentLog } as never

const message = (over: Partial<MessagePayload> = {}): MessagePayload => ({
  kind: 'contact',
  location_uid: 'loc-1',
  first_name: 'Ana',
  last_name: 'Muñoz',
  phone: '(770) 555-0142',
  text: 'Do you fit hearing aids on Saturdays?',
  ...over,
})

const intake = (built: Built, body: unknown) => built.app.inject({ method: 'POST', url: '/internal/outbox', headers: INTERNAL, payload: body as object })
const rows = (built: Built) => built.db.selectFrom('deliveries').selectAll().orderBy('created_at').execute()
const statusIs = (built: Built, key: string, ...statuses: Delivery['status'][]) => async () => {
  const row = await built.db.selectFrom('deliveries').selectAll().where('key', '=', key).executeTakeFirst()
  return row && statuses.includes(row.status) ? row : undefined
}

t.test('every topic is stored once per source and key, and queued', async (t) => {
  const built = await build(t)
  const body = {
    source: 'scheduling',
    items: [
      { id: 'o-1', key: 'contact-form:1', topic: 'message', payload: message() },
      { id: 'o-2', key: 'user:1:contact', topic: 'contact', payload: { user_id: 'u-1', first_name: 'Ana', last_name: 'Muñoz', email: 'ana@example.com' } },
      {
        id: 'o-3',
        key: 'booking:1:appointment',
        topic: 'appointment',
        payload: { appointment_id: 'b-1', location_uid: 'loc-1', first_name: 'Ana', last_name: 'Muñoz', phone: '7705550142', starts_at: '2026-12-01T15:00:00Z', ends_at: '2026-12-01T16:00:00Z', type_name: 'Hearing test' },
      },
    ],
  }
  const res = await intake(built, body)
  t.equal(res.statusCode, 202)
  t.match(res.json(), { items: [{ key: 'contact-form:1', status: 'pending' }, { key: 'user:1:contact' }, { key: 'booking:1:appointment' }] })
  const again = await intake(built, body)
  t.equal(again.statusCode, 202, 'a repeated hand-over is accepted...')
  t.same(
    (again.json() as { items: { id: string }[] }).items.map((i) => i.id),
    (res.json() as { items: { id: string }[] }).items.map((i) => i.id),
    '...and answers the same deliveries',
  )
  t.equal((await rows(built)).length, 3, 'nothing stored twice')
  // The same key from another producer is other work.
  await intake(built, { source: 'shop', items: [{ id: 'o-9', key: 'contact-form:1', topic: 'message', payload: message({ kind: 'order' }) }] })
  t.equal((await rows(built)).length, 4)

  // The local provider keeps them here: the staff inbox reads them.
  for (const key of ['contact-form:1', 'user:1:contact', 'booking:1:appointment']) {
    const done = await waitFor(`${key} local`, statusIs(built, key, 'local'))
    t.equal(done.attempts, 1, `${key}: one attempt`)
  }
})

t.test("a producer reads where its work is by key (scheduling's sync badge); only its own, only with the internal token", async (t) => {
  const built = await build(t)
  await intake(built, { source: 'scheduling', items: [{ id: 'o-1', key: 'appointment:1:sync', topic: 'appointment', payload: { appointment_id: 'a-1', location_uid: 'loc-1', first_name: 'Ana', last_name: 'Muñoz', starts_at: '2026-12-01T15:00:00Z', ends_at: '2026-12-01T16:00:00Z', type_name: 'Repair' } }] })
  await waitFor('delivered locally', statusIs(built, 'appointment:1:sync', 'local'))
  const ask = (body: object, headers: Record<string, string> = INTERNAL) => built.app.inject({ method: 'POST', url: '/internal/deliveries/status', headers, payload: body })
  const res = await ask({ source: 'scheduling', keys: ['appointment:1:sync', 'appointment:2:sync'] })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { items: [{ key: 'appointment:1:sync', status: 'local', attempts: 1, last_error: null }] }, 'a key not handed over is absent')
  t.same((await ask({ source: 'shop', keys: ['appointment:1:sync'] })).json(), { items: [] }, "another producer's keys are not its own")
  t.equal((await ask({ source: 'scheduling', keys: ['appointment:1:sync'] }, {})).statusCode, 403, 'internal token required')
  t.equal((await ask({ source: 'scheduling', keys: [] })).statusCode, 400)
})

t.test('an unknown topic or a bad payload is a 400 saying what is wrong, and stores nothing', async (t) => {
  const built = await build(t)
  const cases: Array<[string, unknown, RegExp]> = [
    ['unknown topic', { source: 'shop', items: [{ id: '1', key: 'k', topic: 'fax', payload: {} }] }, /items\.0\.topic/],
    ['message without a phone', { source: 'shop', items: [{ id: '1', key: 'k', topic: 'message', payload: message({ phone: undefined }) }] }, /items\.0\.payload\.phone/],
    ['unknown field in a payload', { source: 'shop', items: [{ id: '1', key: 'k', topic: 'message', payload: { ...message(), secret: 1 } }] }, /unknown field|Unrecognized/i],
    ['e-mail to no address', { source: 'shop', items: [{ id: '1', key: 'k', topic: 'email', payload: { to: 'nobody', subject: 's', text: 't' } }] }, /payload\.to/],
    ['appointment with a bad time', { source: 'shop', items: [{ id: '1', key: 'k', topic: 'appointment', payload: { appointment_id: 'b', location_uid: 'l', first_name: 'a', last_name: 'b', phone: '1', starts_at: 'tomorrow', ends_at: 'later', type_name: 't' } }] }, /starts_at/],
    ['no items', { source: 'shop', items: [] }, /items/],
    ['a bad source', { source: 'Shop; drop', items: [{ id: '1', key: 'k', topic: 'message', payload: message() }] }, /source/],
  ]
  for (const [what, body, reason] of cases) {
    const res = await intake(built, body)
    t.equal(res.statusCode, 400, what)
    t.match((res.json() as { message: string }).message, reason, `${what}: says why`)
  }
  t.equal((await rows(built)).length, 0, 'nothing stored')
  const anonymous = await built.app.inject({ method: 'POST', url: '/internal/outbox', payload: { source: 'shop', items: [] } })
  t.equal(anonymous.statusCode, 403, 'the service credential is required')
})

t.test('what a producer could not hand over is shown to staff as such', async (t) => {
  const built = await build(t)
  const res = await built.app.inject({
    method: 'POST',
    url: '/internal/outbox/undeliverable',
    headers: INTERNAL,
    payload: { source: 'identity', items: [{ id: 'o-1', key: 'email:confirm:u-1:x', topic: 'email', reason: 'HTTP 400: body.items.0.payload.to: must be an e-mail address' }] },
  })
  t.equal(res.statusCode, 204)
  const admin = { authorization: `Bearer ${await built.signer.sign({ sub: 'admin-1', role: 'admin' })}` }
  const mailbox = (await built.app.inject({ method: 'GET', url: '/admin/mailbox', headers: admin })).json() as Array<{ status: string; last_error: string }>
  t.match(mailbox, [{ status: 'refused', last_error: /^Could not be handed over: HTTP 400/ }])
})

t.test('after the quick retries an e-mail is retried slowly, shown as waiting, and delivered once SMTP takes it', async (t) => {
  let refusing = true
  const sink = await startSmtpSink(t, { reject: () => (refusing ? { code: 451, message: 'Try again later' } : undefined) })
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }), { attempts: 2, backoffMs: 50, slowRetryMs: 400, patienceMs: 60_000, sweepIntervalMs: 100 })
  await intake(built, { source: 'identity', items: [{ id: 'o-1', key: 'promised', topic: 'email', payload: { to: 'ana@example.com', subject: 'Your appointment', text: 'Hello', kind: 'reminder' } }] })
  const waiting = await waitFor('status waiting', statusIs(built, 'promised', 'waiting'))
  t.ok(waiting.retry_at && waiting.retry_at.getTime() > Date.now() - 1000, 'the next slow retry is scheduled')
  t.match(waiting.last_error, /451/, 'with the reason')
  const admin = { authorization: `Bearer ${await built.signer.sign({ sub: 'admin-1', role: 'admin' })}` }
  const entry = ((await built.app.inject({ method: 'GET', url: '/admin/mailbox', headers: admin })).json() as Array<Record<string, unknown>>)[0]
  t.match(entry, { status: 'waiting', kind: 'reminder', last_error: /451/ }, 'staff see what is stuck and why')
  t.ok(entry!.retry_at, 'and when it is tried again')

  await waitFor('a slow retry', async () => sink.offered() >= 4)
  refusing = false
  const delivered = await waitFor('status delivered', statusIs(built, 'promised', 'delivered'), 10_000)
  t.ok(delivered.attempts >= 4, `delivered after ${delivered.attempts} attempts`)
  t.equal(sink.received.length, 1, 'once')
})

t.test('a slow retry gives up only when the work is older than the patience', async (t) => {
  const sink = await startSmtpSink(t, { reject: () => ({ code: 451, message: 'Greylisted' }) })
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }), { attempts: 2, backoffMs: 50, slowRetryMs: 300, patienceMs: 1500, sweepIntervalMs: 100 })
  const handedAt = Date.now()
  await intake(built, { source: 'identity', items: [{ id: 'o-1', key: 'old', topic: 'email', payload: { to: 'ana@example.com', subject: 'S', text: 'T' } }] })
  // Its short 'waiting' spells can pass unseen on a busy machine: what counts is when and after what it gives up.
  const failed = await waitFor('status failed', statusIs(built, 'old', 'failed'), 30_000)
  // It gives up once the next slow retry (300 ms) would fall after the patience (1500 ms): not before 1200 ms.
  t.ok(Date.now() - handedAt >= 1500 - 300, 'not given up while another retry still fitted in the patience')
  t.ok(failed.attempts > 2, `slow retries happened (${failed.attempts} attempts)`)
  const offered = sink.offered()
  await sleep(800)
  t.equal(sink.offered(), offered, 'and then it stops')
})

t.test("a producer's work survives messaging-sync being down and is handed over once it is up", async (t) => {
  const producerUrl = await freshDatabase(t)
  const producer: Kysely<{ outbox: OutboxTable }> = createDb({ url: producerUrl, schema: 'shop' })
  t.teardown(() => producer.destroy())
  await migrateToLatest(producer, 'shop', { '2026-11-23T0000-outbox': outboxMigration('shop') })
  const port = await freePort()
  const relay = createOutboxRelay({ db: producer, targetUrl: `http://127.0.0.1:${port}`, source: 'shop', internalToken: TEST_INTERNAL_TOKEN, log: silentLog })

  await producer.transaction().execute((trx) => addToOutbox(trx, { topic: 'message', key: 'order:7:request', payload: message({ kind: 'order' }) }))
  t.equal(await relay.runOnce(), 0, 'messaging-sync is down: nothing handed over, nothing lost')

  const built = await build(t)
  await built.app.listen({ port, host: '127.0.0.1' })
  await producer.updateTable('outbox').set({ next_attempt_at: new Date() }).execute()
  t.equal(await relay.runOnce(), 1, 'handed over once it is up')
  const done = await waitFor('delivered locally', statusIs(built, 'order:7:request', 'local'))
  t.match(done, { source: 'shop', topic: 'message', payload: { kind: 'order', first_name: 'Ana' } })
  await producer.updateTable('outbox').set({ handed_over_at: null, next_attempt_at: new Date() }).execute() // as if the answer had been lost
  t.equal(await relay.runOnce(), 1)
  t.equal((await rows(built)).length, 1, 'a repeated hand-over is one delivery')
})
