import { createServer, type Server } from 'node:http'
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

interface Received {
  path: string
  token: string | undefined
  body: { source: string; items: { id: string; topic: string; key: string; payload: unknown; reason?: string }[] }
}

/** A stand-in for messaging-sync's intake: records every POST; refuses topic 'bogus' with 400. */
async function startIntake(t: Teardown, port: number, { latencyMs = 0 } = {}) {
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
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      }, latencyMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  t.teardown(close)
  return { received, close, handed: () => received.filter((r) => r.path === '/internal/outbox').flatMap((r) => r.body.items) }
}

async function producerDb(t: Teardown): Promise<Kysely<unknown>> {
  const url = await freshDatabase(t)
  const db = createDb({ url, schema: 'producer' })
  t.teardown(() => db.destroy())
  await migrateToLatest(db, 'producer', { '2026-11-23T0000-outbox': outboxMigration('producer') })
  return db
}

const relayFor = (db: Kysely<unknown>, port: number, over: { batchSize?: number } = {}) =>
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

t.test('a repeated key is a no-op', async (t) => {
  const db = await producerDb(t)
  t.equal(await addToOutbox(db, { topic: 'email', key: 'k1', payload: { n: 1 } }), true)
  t.equal(await addToOutbox(db, { topic: 'email', key: 'k1', payload: { n: 2 } }), false, 'second add reports nothing added')
  const rows = (await sql<{ payload: unknown }>`select payload from outbox`.execute(db)).rows
  t.same(rows, [{ payload: { n: 1 } }], 'one row, the first payload')
})

t.test('two relays on one table never hand an item twice', async (t) => {
  const db = await producerDb(t)
  const port = await freePort()
  const intake = await startIntake(t, port, { latencyMs: 20 })
  for (let i = 0; i < 300; i++) await addToOutbox(db, { topic: 'message', key: `m:${i}`, payload: { i } })
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
  await addToOutbox(db, { topic: 'email', key: 'good-1', payload: {} })
  await addToOutbox(db, { topic: 'bogus', key: 'bad', payload: {} })
  await addToOutbox(db, { topic: 'email', key: 'good-2', payload: {} })
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
  await addToOutbox(db, { topic: 'email', key: 'waits', payload: {} })
  relay.start()
  t.equal(await relay.runOnce(), 0)
  await relay.stop()
  t.equal(await pending(db), 1)
})
