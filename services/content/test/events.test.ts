import { testSigner } from '@hearing/infra/testing'
import { sql } from 'kysely'
import t from 'tap'
import { build } from './helper.js'

type Built = Awaited<ReturnType<typeof build>>

const post = (app: Built['app'], payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/events', payload: payload as object, headers })

const stored = (db: Built['db']) =>
  db.selectFrom('analytics_events').select(['kind', 'name', 'route', 'path', 'user_id', 'occurred_at']).orderBy('id').execute()

t.test('a page view is stored, anonymously without a token', async (t) => {
  const { app, db } = await build(t)
  const res = await post(app, { type: 'page_view', route: '/products/:productId', path: '/products/abc' })
  t.equal(res.statusCode, 202)
  t.same(res.json(), { accepted: true })
  const rows = await stored(db)
  t.match(rows, [{ kind: 'page_view', name: null, route: '/products/:productId', path: '/products/abc', user_id: null }])
  t.ok(rows[0]!.occurred_at instanceof Date)
})

t.test('each named event is stored, with the signed-in user', async (t) => {
  const { app, db, signer } = await build(t)
  const token = await signer.sign({ sub: 'user-7', role: 'customer' })
  for (const name of ['Contacted-us', 'Signed-in', 'Signed-up', 'book']) {
    const res = await post(app, { type: 'event', name, path: '/contact-us' }, { authorization: `Bearer ${token}` })
    t.equal(res.statusCode, 202, name)
  }
  t.same(
    (await stored(db)).map(({ kind, name, route, path, user_id }) => ({ kind, name, route, path, user_id })),
    ['Contacted-us', 'Signed-in', 'Signed-up', 'book'].map((name) => ({ kind: 'event', name, route: null, path: '/contact-us', user_id: 'user-7' })),
  )
})

t.test('nothing about the client beyond the event is kept', async (t) => {
  const { app, db } = await build(t)
  await post(app, { type: 'page_view', route: '/', path: '/' }, { 'user-agent': 'Mozilla/5.0 test', 'x-forwarded-for': '203.0.113.9' })
  const columns = await db.introspection.getTables().then((ts) => ts.find((x) => x.name === 'analytics_events')!.columns.map((c) => c.name).sort())
  t.same(columns, ['id', 'kind', 'name', 'occurred_at', 'path', 'route', 'user_id'])
  const { rows } = await sql`select row_to_json(e)::text as row from analytics_events e`.execute(db)
  t.equal(rows.length, 1)
  t.notMatch(JSON.stringify(rows), /Mozilla|203\.0\.113/)
})

t.test('invalid events are refused with a clear 400 and not stored', async (t) => {
  const { app, db } = await build(t)
  const cases: Array<[string, unknown, RegExp]> = [
    ['unknown event name', { type: 'event', name: 'contacted-us', path: '/' }, /body\.name: must be one of Contacted-us, Signed-in, Signed-up, book/],
    ['unknown type', { type: 'click', path: '/' }, /body\.type: must be 'page_view' or 'event'/],
    ['oversized path', { type: 'page_view', route: '/', path: `/${'a'.repeat(512)}` }, /body\.path: must be at most 512 characters/],
    ['path not starting with /', { type: 'page_view', route: '/', path: 'products' }, /body\.path: must be a URL path/],
    ['path with a query string', { type: 'page_view', route: '/setup-account', path: '/setup-account?token=secret' }, /body\.path: must be a URL path/],
    ['oversized route', { type: 'page_view', route: `/${'r'.repeat(200)}`, path: '/' }, /body\.route: must be at most 200 characters/],
    ['page view without route', { type: 'page_view', path: '/' }, /body\.route/],
    ['extra field', { type: 'page_view', route: '/', path: '/', ip: '203.0.113.9' }, /body: unknown field\(s\) ip/],
    ['extra field on an event', { type: 'event', name: 'book', path: '/', route: '/' }, /body: unknown field\(s\) route/],
  ]
  for (const [what, payload, message] of cases) {
    const res = await post(app, payload)
    t.equal(res.statusCode, 400, what)
    t.match((res.json() as { message: string }).message, message, what)
  }
  t.same(await stored(db), [], 'nothing was stored')
})

t.test('a bearer token that does not verify is never trusted: the event is kept, unattributed', async (t) => {
  const { app, db } = await build(t)
  const forged = await (await testSigner()).sign({ sub: 'someone-else', role: 'admin' })
  const res = await post(app, { type: 'event', name: 'book', path: '/' }, { authorization: `Bearer ${forged}` })
  t.equal(res.statusCode, 202)
  t.match(await stored(db), [{ name: 'book', user_id: null }])
})

t.test('a body beyond 4 KiB is refused', async (t) => {
  const { app } = await build(t)
  const res = await post(app, { type: 'page_view', route: '/', path: '/', pad: 'x'.repeat(5000) })
  t.equal(res.statusCode, 413)
})
