import { createServer, type Server } from 'node:http'
import type { OutboxTopic } from '@hearing/contracts'
import { freePort, freshDatabase } from '@hearing/infra/testing'
import { sql, type Kysely } from 'kysely'
import pino from 'pino'
import t from 'tap'
import { createDb, migrateToLatest } from '../src/db.js'
import { INTERNAL_TOKEN_HEADER } from '../src/internal.js'
import { addToOutbox, createOutboxRelay, outboxMigration } from '../src/outbox.js'

interface Teardown {
  teardown(fn: () => unknown): void
}

const TOKEN = 'x'.repeat(32)
const log = pino({ level: 'silent' })
/** An e-mail as the contract has it. */
const mail = (subject: string) => ({ to: 'pat@example.com', subject, text: 'Hello' })

interface Received {
  path: string
  token: string | undefined
  body: { source: string; items: { id: string; topic: string; key: string; payload: unknown; reason?: string }[]; keys?: string[] }
}

type State = { status: string; attempts: number; last_error: string | null }

/**
 * A stand-in for messaging-sync's intake: records every POST; refuses topic 'bogus' with 400;
 * answers delivery statuses from `states` (keys it has not heard of are absent).
 */
async function startIntake(t: Teardown, port: number, { latencyMs = 0, states = new Map<string, State>() } = {}) {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      setTimeout(() => {
        const body = JSON.parse(raw) as Received['body']
        if (req.url === '/internal/outbox' && body.items.some((i) => i.topic === 'bogus')) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'items.0.topic: unknown topic' }))
          return
        }
        received.push({ path: req.url ?? '', token: req.headers[INTERNAL_TOKEN_HEADER] as string | undefined, body })
        const answer = req.url === '/internal/deliveries/status' ? { items: (body.keys ?? []).flatMap((key) => (states.has(key) ? [{ key, ...states.get(key)! }] : [])) } : {}
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
      }, latencyMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  t.teardown(close)
  return {
    received,
    close,
    handed: () => received.filter((r) => r.path === '/internal/outbox').flatMap((r) => r.body.items),
    asked: () => received.filter((r) => r.path === '/internal/deliveries/status').map((r) => r.body.keys ?? []),
  }
}

async function producerDb(t: Teardown): Promise<Kysely<unknown>> {
  const url = await freshDatabase(t)
  const db = createDb({ url, schema: 'producer' })
  t.teardown(() => db.destroy())
  await migrateToLatest(db, 'producer', { '2026-11-23T0000-outbox': outboxMigration('producer') })
  return db
}

const relayFor = (db: Kysely<unknown>, port: number, over: { batchSize?: number; requestTimeoutMs?: number } = {}) =>
  createOutboxRelay({ db, targetUrl: `http://127.0.0.1:${port}`, source: 'producer', internalToken: TOKEN, log, requestTimeoutMs: 2000, ...over })

const pending = async (db: Kysely<unknown>) =>
  (await sql<{ n: number }>`select count(*)::int as n from outbox where handed_over_at is null`.execute(db)).rows[0]!.n

t.test('a row added while messaging-sync is down is kept, then handed over once it is up', async (t) => {
  const db = await producerDb(t)
  const port = await freePort()
  const relay = relayFor(db, port)

  // The producer's change and its outbox row commit together.
  await db.transaction().execute(async (trx) => {
    await addToOutbox(trx, { topic: 'email', key: 'user:1:confirm', payload: { to: 'ana@example.com', subject: 'Hi', text: 'Hello' } })
  })
  t.equal(await relay.runOnce(), 0, 'nothing handed over while nobody listens')
  const [failed] = (await sql<{ attempts: number; last_error: string; next_attempt_at: Date }>`select attempts, last_error, next_attempt_at from outbox`.execute(db)).rows
  t.equal(failed!.attempts, 1, 'the attempt is counted')
  t.match(failed!.last_error, /fetch failed|ECONNREFUSED|TypeError/, 'the reason is kept')
  t.ok(failed!.next_attempt_at.getTime() > Date.now(), 'the next attempt waits (backoff)')
  t.equal(await relay.runOnce(), 0, 'not retried before its time')

  const intake = await startIntake(t, port)
  await sql`update outbox set next_attempt_at = now()`.execute(db) // time passes
  t.equal(await relay.runOnce(), 1, 'handed over once messaging-sync is up')
  t.equal(intake.received.length, 1)
  const [request] = intake.received
  t.equal(request!.token, TOKEN, 'with the internal token')
  t.equal(request!.body.source, 'producer')
  t.match(request!.body.items, [{ topic: 'email', key: 'user:1:confirm', payload: { to: 'ana@example.com', subject: 'Hi', text: 'Hello' } }])
  t.equal(await pending(db), 0, 'marked handed over')
  t.equal(await relay.runOnce(), 0, 'and never sent again')
  t.equal(intake.received.length, 1)
})

/**
 * Never run: compiled by the test types stage (tsc -b tsconfig.test.json), where each line below
 * must be a type error: a payload is checked against its own topic's contract.
 */
export function payloadsUnderAnotherTopicDoNotCompile(db: Kysely<unknown>, topic: OutboxTopic) {
  // @ts-expect-error a message (the inbox's) under the e-mail topic
  void addToOutbox(db, { topic: 'email', key: 'k', payload: { kind: 'contact', location_uid: 'l', first_name: 'A', last_name: 'B', phone: '+17705550142', text: 'Hi' } })
  // @ts-expect-error an e-mail without its subject
  void addToOutbox(db, { topic: 'email', key: 'k', payload: { to: 'ana@example.com', text: 'Hello' } })
  // @ts-expect-error a topic the contract does not have
  void addToOutbox(db, { topic: 'fax', key: 'k', payload: mail('x') })
  // @ts-expect-error a topic known only as "one of them" cannot carry an e-mail
  void addToOutbox(db, { topic, key: 'k', payload: mail('x') })
}

t.test('a repeated key is a no-op', async (t) => {
  const db = await producerDb(t)
  t.equal(await addToOutbox(db, { topic: 'email', key: 'k1', payload: mail('first') }), true)
  t.equal(await addToOutbox(db, { topic: 'email', key: 'k1', payload: mail('second') }), false, 'second add reports nothing added')
  const rows = (await sql<{ payload: unknown }>`select payload from outbox`.execute(db)).rows
  t.same(rows, [{ payload: mail('first') }], 'one row, the first payload')
})

t.test('two relays on one table never hand an item twice', async (t) => {
  const db = await producerDb(t)
  const port = await freePort()
  const intake = await startIntake(t, port, { latencyMs: 20 })
  for (let i = 0; i < 300; i++) await addToOutbox(db, { topic: 'email', key: `m:${i}`, payload: mail(`#${i}`) })
  const a = relayFor(db, port, { batchSize: 7 })
  const b = relayFor(db, port, { batchSize: 11 })
  // Both passes run at the same time, over and over, until nothing is left.
  while ((await pending(db)) > 0) await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()])
  const keys = intake.handed().map((i) => i.key)
  t.equal(keys.length, 300, 'every item handed over')
  t.equal(new Set(keys).size, 300, 'none twice')
  t.ok(intake.received.length > 300 / 11, 'in batches')
})

t.test('an item messaging-sync refuses is reported as undeliverable and holds up no other', async (t) => {
  const db = await producerDb(t)
  const port = await freePort()
  const intake = await startIntake(t, port)
  await addToOutbox(db, { topic: 'email', key: 'good-1', payload: mail('good') })
  // A producer newer than messaging-sync (or a bug): its type checks cannot stop that at run time.
  await addToOutbox(db, { topic: 'bogus' as 'email', key: 'bad', payload: mail('bad') })
  await addToOutbox(db, { topic: 'email', key: 'good-2', payload: mail('good') })
  const relay = relayFor(db, port)
  t.equal(await relay.runOnce(), 3, 'all three settled')
  t.same(intake.handed().map((i) => i.key).sort(), ['good-1', 'good-2'])
  const reports = intake.received.filter((r) => r.path === '/internal/outbox/undeliverable')
  t.match(reports, [{ body: { source: 'producer', items: [{ key: 'bad', topic: 'bogus', reason: /HTTP 400: items.0.topic: unknown topic/ }] } }])
  t.equal(await pending(db), 0)
})

t.test('without a target URL the work waits in the outbox', async (t) => {
  const db = await producerDb(t)
  const relay = createOutboxRelay({ db, source: 'producer', internalToken: TOKEN, log })
  await addToOutbox(db, { topic: 'email', key: 'waits', payload: mail('waits') })
  relay.start()
  t.equal(await relay.runOnce(), 0)
  await relay.stop()
  t.equal(await pending(db), 1)
})

t.test("tracked topics: the relay brings messaging-sync's delivery status back into the outbox until it settles", async (t) => {
  const db = await producerDb(t)
  // The tracking columns a producer adds in its own migration (TrackedOutboxTable).
  await sql`alter table outbox add column delivery_status text, add column delivery_attempts integer, add column delivery_error text, add column status_checked_at timestamptz`.execute(db)
  const port = await freePort()
  const states = new Map<string, State>()
  const intake = await startIntake(t, port, { states })
  const relay = createOutboxRelay({ db, targetUrl: `http://127.0.0.1:${port}`, source: 'producer', internalToken: TOKEN, log, trackTopics: ['appointment'] })
  const visit = { appointment_id: 'a1', location_uid: 'loc', first_name: 'Ana', last_name: 'Ruiz', email: 'ana@example.com', starts_at: '2026-12-01T15:00:00Z', ends_at: '2026-12-01T16:00:00Z', type_name: 'Adjustment' }
  await addToOutbox(db, { topic: 'appointment', key: 'appointment:a1:sync', payload: visit })
  await addToOutbox(db, { topic: 'email', key: 'mail:1', payload: mail('untracked') })
  const tracked = async () =>
    (await sql<{ delivery_status: string | null; delivery_attempts: number | null; delivery_error: string | null }>`select delivery_status, delivery_attempts, delivery_error from outbox where key = 'appointment:a1:sync'`.execute(db)).rows[0]

  states.set('appointment:a1:sync', { status: 'queued', attempts: 1, last_error: 'HTTP 502' })
  await relay.runOnce()
  t.same(intake.asked(), [['appointment:a1:sync']], 'asked about the tracked key only, right after handing it over')
  t.same(await tracked(), { delivery_status: 'queued', delivery_attempts: 1, delivery_error: 'HTTP 502' })

  states.set('appointment:a1:sync', { status: 'delivered', attempts: 2, last_error: null })
  await relay.runOnce()
  t.same(await tracked(), { delivery_status: 'delivered', delivery_attempts: 2, delivery_error: null }, 'the retry that succeeded')

  await relay.runOnce()
  t.equal(intake.asked().length, 2, 'a settled delivery is not asked about again')

  await intake.close()
  await addToOutbox(db, { topic: 'appointment', key: 'appointment:a2:sync', payload: { ...visit, appointment_id: 'a2' } })
  t.equal(await relay.runOnce(), 0, 'messaging-sync away: nothing handed over, and the pass does not fail')
  t.same(await tracked(), { delivery_status: 'delivered', delivery_attempts: 2, delivery_error: null }, 'what was known is kept')
})

/**
 * A stand-in for messaging-sync that keeps one item per key, as its intake does (unique source +
 * key): the first POST is held open until `release()` (a slow or hung messaging-sync), or, with
 * `dieFirst`, its items are stored and then the connection is cut before any answer (a crash
 * after the commit).
 */
async function startFlakyIntake(t: Teardown, port: number, { dieFirst = false } = {}) {
  const stored = new Map<string, number>()
  let posts = 0
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const first = posts++ === 0
      const { items } = JSON.parse(raw) as Received['body']
      for (const { key } of items) stored.set(key, (stored.get(key) ?? 0) + 1)
      if (first && dieFirst) return void req.socket.destroy()
      void (first ? released : Promise.resolve()).then(() => res.writeHead(202, { 'content-type': 'application/json' }).end('{}'))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  t.teardown(() => release())
  return { stored, posts: () => posts, release: () => release() }
}

/** Waits for a condition, looking every 20 ms, failing after 10 s. */
async function until(what: string, condition: () => boolean | Promise<boolean>) {
  for (const started = Date.now(); !(await condition()); ) {
    if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Locks anyone but the observer holds on the outbox table, and connections left inside a transaction. */
async function heldOnOutbox(observer: Kysely<unknown>) {
  const { rows } = await sql<{ locks: number; in_transaction: number }>`
    select
      (select count(*)::int from pg_locks l join pg_class c on c.oid = l.relation
        where c.relname = 'outbox' and l.pid <> pg_backend_pid()) as locks,
      (select count(*)::int from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%') as in_transaction
  `.execute(observer)
  return rows[0]!
}

const outboxState = async (db: Kysely<unknown>) =>
  (await sql<{ key: string; handed: boolean; attempts: number }>`select key, handed_over_at is not null as handed, attempts from outbox order by key`.execute(db)).rows

t.test('while messaging-sync hangs on a call the relay holds no lock and no transaction; when it answers nothing is lost or doubled', async (t) => {
  const db = await producerDb(t)
  const port = await freePort()
  const intake = await startFlakyIntake(t, port)
  for (const key of ['a', 'b', 'c']) await addToOutbox(db, { topic: 'email', key, payload: mail(key) })
  const relay = relayFor(db, port, { requestTimeoutMs: 30_000 })

  const pass = relay.runOnce()
  await until('messaging-sync to receive the batch', () => intake.posts() === 1)
  t.same(await heldOnOutbox(db), { locks: 0, in_transaction: 0 }, 'pg_locks: no lock on the outbox, and no connection idle in a transaction')
  const other = relayFor(db, port)
  t.equal(await other.runOnce(), 0, 'another replica does not take the claimed rows meanwhile')
  await addToOutbox(db, { topic: 'email', key: 'd', payload: mail('d') })
  t.equal(await other.runOnce(), 1, 'but hands over new work: the producer and the other relays are not held up')

  intake.release()
  t.equal(await pass, 3, 'the hung call settles its batch once answered')
  t.same(await outboxState(db), ['a', 'b', 'c', 'd'].map((key) => ({ key, handed: true, attempts: 1 })), 'every row handed over, each in one attempt')
  t.same([...intake.stored.values()], [1, 1, 1, 1], 'messaging-sync got each item once')
})

t.test("a replica that dies mid-call: once its claim's lease is over another replica hands the rows over, and the receiver keeps each once", async (t) => {
  const db = await producerDb(t)
  const port = await freePort()
  const intake = await startFlakyIntake(t, port)
  for (const key of ['a', 'b']) await addToOutbox(db, { topic: 'email', key, payload: mail(key) })
  const dying = createOutboxRelay({ db, targetUrl: `http://127.0.0.1:${port}`, source: 'producer', internalToken: TOKEN, log, requestTimeoutMs: 30_000, leaseMs: 200 })
  const lost = dying.runOnce() // its answer will come too late to count: the replica is as good as dead
  await until('messaging-sync to receive the batch', () => intake.posts() === 1)

  const survivor = relayFor(db, port)
  let handed = 0
  await until('the survivor to take the rows again', async () => (handed = await survivor.runOnce()) > 0)
  t.equal(handed, 2, 'the survivor hands both rows over after the lease')
  t.same(await outboxState(db), [{ key: 'a', handed: true, attempts: 2 }, { key: 'b', handed: true, attempts: 2 }], 'recorded once, on the second claim')

  intake.release()
  t.equal(await lost, 0, 'the late answer of the first claim changes nothing')
  t.same(Object.fromEntries(intake.stored), { a: 2, b: 2 }, 'the items reached messaging-sync twice...')
  // messaging-sync stores one delivery per source + key (services/messaging-sync/test/outbox.test.ts: "nothing stored twice").
  t.equal(await pending(db), 0, '...which messaging-sync stores once per key, so nothing is doubled or lost')
  t.same(await heldOnOutbox(db), { locks: 0, in_transaction: 0 })
})

t.test('messaging-sync dying after storing a batch but before answering: retried later, stored once per key', async (t) => {
  const db = await producerDb(t)
  const port = await freePort()
  const intake = await startFlakyIntake(t, port, { dieFirst: true })
  for (const key of ['a', 'b']) await addToOutbox(db, { topic: 'email', key, payload: mail(key) })
  const relay = relayFor(db, port)
  t.equal(await relay.runOnce(), 0, 'the cut call settles nothing')
  const [row] = (await sql<{ last_error: string; next_attempt_at: Date }>`select last_error, next_attempt_at from outbox where key = 'a'`.execute(db)).rows
  t.match(row!.last_error, /fetch failed|socket|TypeError/, 'the reason is kept')
  t.ok(row!.next_attempt_at.getTime() > Date.now(), 'and the next attempt waits its backoff')
  await sql`update outbox set next_attempt_at = now()`.execute(db) // time passes
  t.equal(await relay.runOnce(), 2, 'handed over on the retry')
  t.same(await outboxState(db), [{ key: 'a', handed: true, attempts: 2 }, { key: 'b', handed: true, attempts: 2 }])
  t.same([...intake.stored.keys()].sort(), ['a', 'b'], 'one item per key at messaging-sync')
})
