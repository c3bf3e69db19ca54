import { freshDatabase } from '@hearing/infra/testing'
import { sql } from 'kysely'
import net from 'node:net'
import t from 'tap'
import { createDb, isDatabaseUnavailable, isPoolExhausted, migrateToLatest, onceAcrossReplicas, type Migrations } from '../src/db.js'
import { installErrorHandler } from '../src/errors.js'
import { createFastify } from '../src/fastify.js'

const migrations: Migrations = {
  '2026-01-01T0000-notes': {
    async up(db) {
      await db.schema.createTable('notes').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('body', 'text').execute()
    },
  },
}

t.test('migrations run once, in the service schema, and are idempotent', async (t) => {
  const url = await freshDatabase(t)
  const db = createDb<{ notes: { id: number; body: string } }>({ url, schema: 'kit_notes' })
  t.teardown(() => db.destroy())
  t.same(await migrateToLatest(db, 'kit_notes', migrations), { executed: ['2026-01-01T0000-notes'] })
  await db.insertInto('notes').values({ body: 'kept' } as never).execute()
  t.same(await migrateToLatest(db, 'kit_notes', migrations), { executed: [] }, 'second run does nothing')
  const { rows } = await sql<{ table_schema: string }>`select table_schema from information_schema.tables where table_name = 'notes'`.execute(db)
  t.same(rows, [{ table_schema: 'kit_notes' }], 'the table lives in the service schema')
  t.equal((await db.selectFrom('notes').selectAll().execute()).length, 1, 'data survives')
})

t.test('a failing migration is reported by name', async (t) => {
  const url = await freshDatabase(t)
  const db = createDb({ url, schema: 'kit_bad' })
  t.teardown(() => db.destroy())
  const bad: Migrations = { '2026-01-02T0000-broken': { up: async (db) => void (await sql`select * from nowhere`.execute(db)) } }
  await t.rejects(migrateToLatest(db, 'kit_bad', bad), /migration 2026-01-02T0000-broken of schema kit_bad failed/)
})

t.test('schema names are checked', async (t) => {
  t.throws(() => createDb({ url: 'postgres://x@127.0.0.1/x', schema: 'a; drop table x' }), /invalid schema name/)
})

t.test('the server ending a connection in the middle of a transaction fails that transaction, not the process', async (t) => {
  const url = await freshDatabase(t)
  const errors: Error[] = []
  const db = createDb({ url, schema: 'kit_gone', onError: (err) => errors.push(err) })
  const admin = createDb({ url, schema: 'kit_gone' })
  t.teardown(async () => {
    await db.destroy()
    await admin.destroy()
  })
  const outcome = db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)
    // Between two statements, as in a transaction waiting on another service: the server ends the connection.
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin)
    await new Promise((r) => setTimeout(r, 300))
    await sql`select 1`.execute(trx)
  })
  await t.rejects(outcome, 'the transaction fails')
  t.ok(errors.some((e) => /terminating connection/.test(e.message)), 'the error is reported to the service, not thrown')
  const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db)
  t.same(rows, [{ one: 1 }], 'the pool serves the next query')
})

t.test('a periodic job runs once across replicas: while one process runs it, the others skip', async (t) => {
  const url = await freshDatabase(t)
  const replicas = [createDb({ url, schema: 'kit_once' }), createDb({ url, schema: 'kit_once' }), createDb({ url, schema: 'kit_once' })]
  t.teardown(() => Promise.all(replicas.map((db) => db.destroy())))
  let running = 0
  let most = 0
  let runs = 0
  const work = async () => {
    running++
    runs++
    most = Math.max(most, running)
    await new Promise((r) => setTimeout(r, 200))
    running--
  }
  const ran = await Promise.all(replicas.map((db) => onceAcrossReplicas(db, 'kit.test.sweep', work)))
  t.equal(runs, 1, 'one of three ran it')
  t.same(ran.filter(Boolean).length, 1)
  t.equal(most, 1, 'never two at once')
  t.equal(await onceAcrossReplicas(replicas[1]!, 'kit.test.sweep', work), true, 'the lock is given back: the next tick runs')
  t.equal(await onceAcrossReplicas(replicas[2]!, 'kit.test.other', work), true, 'other work is not held up')
})

t.test('when every connection stays busy past the wait, the caller gets 503 with Retry-After, not 500', async (t) => {
  const url = await freshDatabase(t)
  const db = createDb({ url, schema: 'kit_busy', max: 1 })
  t.teardown(() => db.destroy())
  const app = createFastify({ name: 'kit-test', logLevel: false })
  installErrorHandler(app)
  app.get('/count', async () => (await sql<{ n: number }>`select 1 as n`.execute(db)).rows[0])
  t.teardown(() => app.close())
  // The pool's only connection is held for longer than the 3 s a request waits for one.
  const holding = db.connection().execute((held) => sql`select pg_sleep(4)`.execute(held))
  const busy = await app.inject('/count')
  t.equal(busy.statusCode, 503)
  t.equal(busy.headers['retry-after'], '1')
  t.equal(busy.json().message, 'Service temporarily unavailable. Please try again shortly.')
  await holding
  t.same((await app.inject('/count')).json(), { n: 1 }, 'served again once a connection is free')
  t.notOk(isPoolExhausted(new Error('connection refused')), 'other database errors stay what they are')
})

/** A TCP relay in front of the test database that can be taken down (refusing, cutting open connections) and brought back on the same port. */
async function switchableDatabase(url: string) {
  const target = new URL(url)
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0
  const up = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname)
        for (const s of [client, upstream]) {
          sockets.add(s)
          s.on('close', () => sockets.delete(s))
          s.on('error', () => {})
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port
        resolve()
      })
    })
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy()
      server!.close(() => resolve())
    })
  await up()
  const relayed = new URL(url)
  relayed.host = `127.0.0.1:${port}`
  return { url: relayed.toString(), up, down }
}

t.test('while the database cannot be had, a route answers 503 with Retry-After, never 500, and serves again once it is back', async (t) => {
  const direct = await freshDatabase(t)
  const database = await switchableDatabase(direct)
  const db = createDb({ url: database.url, schema: 'kit_outage' })
  t.teardown(async () => {
    await db.destroy()
    await database.down()
  })
  const app = createFastify({ name: 'kit-test', logLevel: false })
  installErrorHandler(app)
  app.get('/count', async () => (await sql<{ n: number }>`select 1 as n`.execute(db)).rows[0])
  app.get('/terminated', async () => sql`select pg_terminate_backend(pg_backend_pid())`.execute(db))
  app.get('/broken', async () => sql`select * from no_such_table`.execute(db))
  t.teardown(() => app.close())
  t.same((await app.inject('/count')).json(), { n: 1 }, 'served while the database is up (a pooled connection is open)')

  const unavailable = (res: Awaited<ReturnType<typeof app.inject>>, what: string) => {
    t.equal(res.statusCode, 503, what)
    t.equal(res.headers['retry-after'], '5', `${what}: says when to come back`)
    t.equal(res.json().message, 'Service temporarily unavailable. Please try again shortly.')
  }
  await database.down()
  unavailable(await app.inject('/count'), 'its open connection cut')
  unavailable(await app.inject('/count'), 'no new connection accepted')
  await database.up()
  t.same((await app.inject('/count')).json(), { n: 1 }, 'served again, with no restart')

  unavailable(await app.inject('/terminated'), 'the server ends the connection (57P01, as in a shutdown)')
  // The pool may hand out that connection once more before it learns it closed: 503 again, then served.
  const after = [(await app.inject('/count')).statusCode, (await app.inject('/count')).statusCode]
  t.ok(after.includes(200) && after.every((s) => s === 200 || s === 503), `then served again (${after.join(', ')})`)
  t.equal((await app.inject('/broken')).statusCode, 500, 'a query that is wrong stays a 500')
})

t.test('isDatabaseUnavailable knows connection failures from query failures', async (t) => {
  const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), { code: 'ECONNREFUSED' })
  t.ok(isDatabaseUnavailable(new AggregateError([refused('::1'), refused('127.0.0.1')])), 'refused on every address')
  t.ok(isDatabaseUnavailable(new Error('Connection terminated unexpectedly')))
  t.ok(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' })))
  t.ok(isDatabaseUnavailable(Object.assign(new Error('sorry, too many clients already'), { code: '53300' })))
  t.ok(isDatabaseUnavailable(new Error('booking failed', { cause: new Error('Connection terminated due to connection timeout') })), 'wrapped')
  t.notOk(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' })))
  t.notOk(isDatabaseUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' })))
  t.notOk(isDatabaseUnavailable('ECONNREFUSED'))
})
