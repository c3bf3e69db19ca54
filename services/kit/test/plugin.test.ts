import { freePort, freshDatabase, fuzzRoutes, testRedisUrl, testSigner } from '@hearing/infra/testing'
import t from 'tap'
import { z } from 'zod'
import { httpError } from '../src/errors.js'
import { createFastify } from '../src/fastify.js'
import serviceKit, { INTERNAL_TOKEN_HEADER } from '../src/plugin.js'
import type { SessionCheck } from '../src/sessions.js'

const INTERNAL = 'i'.repeat(40)

interface Teardown {
  teardown(fn: () => unknown): void
}

async function build(t: Teardown, { databaseUrl, redisUrl, sessions }: { databaseUrl?: string; redisUrl?: string; sessions?: SessionCheck } = {}) {
  const signer = await testSigner()
  const app = createFastify({ name: 'kit-test', logLevel: false })
  await app.register(serviceKit, {
    schema: 'kit_test',
    databaseUrl: databaseUrl ?? (await freshDatabase(t)),
    redisUrl,
    internalToken: INTERNAL,
    auth: { jwks: signer.keySet, issuer: 'hearing-care-identity', audience: 'hearing-care-api' },
    sessions: sessions ?? (async (user) => ({ active: true, role: user.role })),
  })
  app.post('/things', { schema: { body: z.object({ name: z.string().min(1) }) } }, async (req) => ({ got: req.body.name }))
  app.get('/boom', async () => {
    throw new Error('connection string postgres://secret@db leaked?')
  })
  app.get('/conflict', async () => {
    throw httpError(409, 'That slot was just taken.')
  })
  app.get('/admin-only', { preHandler: app.requireRole('admin') }, async (req) => ({ id: req.user?.id }))
  app.get('/internal/ping', async () => ({ pong: true }))
  app.get('/echo/:id', { schema: { params: z.object({ id: z.string().max(100) }), querystring: z.object({ q: z.string().optional() }) } }, async (req) => req.params)
  t.teardown(() => app.close())
  return { app, signer }
}

t.test('unknown body fields are rejected with a 400 naming them', async (t) => {
  const { app } = await build(t)
  const ok = await app.inject({ method: 'POST', url: '/things', payload: { name: 'a' } })
  t.same(ok.json(), { got: 'a' })
  const extra = await app.inject({ method: 'POST', url: '/things', payload: { name: 'a', role: 'admin' } })
  t.equal(extra.statusCode, 400)
  t.match(extra.json(), { statusCode: 400, error: 'Bad Request', message: /unknown field\(s\) role/ })
  const missing = await app.inject({ method: 'POST', url: '/things', payload: {} })
  t.equal(missing.statusCode, 400)
  t.equal(missing.json().message, 'body.name: is required')
  const badJson = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"name":' })
  t.equal(badJson.statusCode, 400)
})

t.test('a 400 names each problem by where it is: the field, the query, the path', async (t) => {
  const { app } = await build(t)
  const short = await app.inject({ method: 'POST', url: '/things', payload: { name: '' } })
  t.match(short.json().message, /^body\.name: Too small/, 'a rule the value broke, named by its field')
  const wrongType = await app.inject({ method: 'POST', url: '/things', payload: { name: 12 } })
  t.match(wrongType.json().message, /^body\.name: Invalid input: expected string/)
  const both = await app.inject({ method: 'POST', url: '/things', payload: { name: 12, admin: true } })
  t.match(both.json().message, /body\.name: .*; body: unknown field\(s\) admin|body: unknown field\(s\) admin; body\.name: /, 'every problem at once')
  const longId = await app.inject({ method: 'GET', url: `/echo/${'x'.repeat(101)}` })
  t.equal(longId.statusCode, 400)
  t.match(longId.json().message, /^params\.id: /)
  const query = await app.inject({ method: 'GET', url: '/echo/1?q=a&q=b' })
  t.equal(query.statusCode, 400)
  t.match(query.json().message, /^querystring\.q: /)
})

t.test('5xx hide internals, 4xx explain, unknown routes are a JSON 404', async (t) => {
  const { app } = await build(t)
  const boom = await app.inject('/boom')
  t.equal(boom.statusCode, 500)
  t.notMatch(boom.body, /postgres|secret|leaked/)
  const conflict = await app.inject('/conflict')
  t.same(conflict.json(), { statusCode: 409, error: 'Conflict', message: 'That slot was just taken.' })
  const missing = await app.inject('/nope?x=1')
  t.same(missing.json(), { statusCode: 404, error: 'Not Found', message: 'No route for GET /nope' })
})

t.test('roles are enforced from the verified token', async (t) => {
  const { app, signer } = await build(t)
  t.equal((await app.inject('/admin-only')).statusCode, 401)
  const customer = await signer.sign({ sub: 'c1', role: 'customer' })
  t.equal((await app.inject({ url: '/admin-only', headers: { authorization: `Bearer ${customer}` } })).statusCode, 403)
  const admin = await signer.sign({ sub: 'a1', role: 'admin' })
  t.same((await app.inject({ url: '/admin-only', headers: { authorization: `Bearer ${admin}` } })).json(), { id: 'a1' })
  const forged = await (await testSigner()).sign({ sub: 'a1', role: 'admin' })
  const res = await app.inject({ url: '/admin-only', headers: { authorization: `Bearer ${forged}` } })
  t.equal(res.statusCode, 401)
  t.equal(res.json().message, 'Invalid or expired access token')
  const publicRoute = await app.inject({ url: '/healthz', headers: { authorization: `Bearer ${forged}` } })
  t.equal(publicRoute.statusCode, 200, 'a bad token on a public route is treated as anonymous')
})

t.test('internal routes need the service credential', async (t) => {
  const { app } = await build(t)
  t.equal((await app.inject('/internal/ping')).statusCode, 403)
  t.equal((await app.inject('/%69nternal/ping')).statusCode, 403, 'an encoded spelling of the path is guarded too')
  t.equal((await app.inject({ url: '/internal/ping', headers: { [INTERNAL_TOKEN_HEADER]: 'wrong' } })).statusCode, 403)
  t.same((await app.inject({ url: '/internal/ping', headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } })).json(), { pong: true })
})

t.test('request ids from the gateway are kept, malformed ones replaced', async (t) => {
  const { app } = await build(t)
  const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'gw-0123456789abcdef' } })
  t.equal(kept.headers['x-request-id'], 'gw-0123456789abcdef')
  const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } })
  t.match(replaced.headers['x-request-id'], /^[0-9a-f-]{36}$/)
})

t.test('readiness: 200 with Postgres and Redis up, 503 when either is unreachable', async (t) => {
  const up = await build(t, { redisUrl: await testRedisUrl() })
  await new Promise((r) => setTimeout(r, 100))
  const ready = await up.app.inject('/readyz')
  t.equal(ready.statusCode, 200)
  t.same(ready.json(), { status: 'ready', checks: { postgres: 'up', redis: 'up' } })
  t.equal((await up.app.inject('/healthz')).statusCode, 200)

  const deadPort = await freePort()
  const down = await build(t, { databaseUrl: `postgres://postgres@127.0.0.1:${deadPort}/none`, redisUrl: `redis://127.0.0.1:${deadPort}` })
  const started = Date.now()
  const notReady = await down.app.inject('/readyz')
  t.equal(notReady.statusCode, 503)
  t.same(notReady.json(), { status: 'unavailable', checks: { postgres: 'down', redis: 'down' } })
  t.equal(notReady.headers['retry-after'], '5', 'and says when to look again')
  t.ok(Date.now() - started < 5000, 'answers promptly instead of hanging')
  t.equal((await down.app.inject('/healthz')).statusCode, 200, 'still alive')
})

t.test('hostile text and over-long path parameters are a 400 naming the problem, on every route', async (t) => {
  const { app } = await build(t)
  const nul = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Ada\u0000' } })
  t.equal(nul.statusCode, 400)
  t.equal(nul.json().message, 'body.name: must not contain the NUL character')
  const surrogate = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"name":"a\\ud800"}' })
  t.equal(surrogate.statusCode, 400)
  t.match(surrogate.json().message, /^body\.name: must be valid Unicode text/)
  const paired = await app.inject({ method: 'POST', url: '/things', payload: { name: '😀' } })
  t.equal(paired.statusCode, 200, 'a real emoji (a surrogate pair) is fine')
  const query = await app.inject('/echo/abc?q=%00')
  t.equal(query.statusCode, 400)
  t.equal(query.json().message, 'querystring.q: must not contain the NUL character')
  const long = await app.inject(`/echo/${'a'.repeat(201)}`)
  t.equal(long.statusCode, 400, 'a path parameter over 200 characters')
  t.equal(long.json().message, 'A part of this address is too long (at most 200 characters).')
})

t.test('the schema-driven fuzzer gets no 5xx from any route', async (t) => {
  const { app } = await build(t)
  const report = await fuzzRoutes(app, { skip: (route) => route.url === '/boom' })
  t.comment(`kit fuzz: ${report.requests} requests, statuses ${JSON.stringify(report.statuses)}`)
  t.ok(report.requests > 50)
  t.same(report.failures, [], '0 responses >= 500')
})

t.test('requireRole honours revocation at once: ended sessions, changed roles, and identity unreachable', async (t) => {
  const ended = new Set<string>()
  const roles = new Map<string, 'customer' | 'staff' | 'admin'>()
  let down = false
  let asked = 0
  const sessions: SessionCheck = async (user) => {
    asked++
    if (down) throw new Error('connect ECONNREFUSED')
    return ended.has(user.sessionId) ? { active: false } : { active: true, role: roles.get(user.id) ?? user.role }
  }
  const { app, signer } = await build(t, { sessions })
  const token = await signer.sign({ sub: 'u-1', role: 'admin' })
  const get = () => app.inject({ method: 'GET', url: '/admin-only', headers: { authorization: `Bearer ${token}` } })
  t.equal((await get()).statusCode, 200)
  roles.set('u-1', 'customer')
  const demoted = await get()
  t.equal(demoted.statusCode, 403, 'the role as it is now counts, not the one in the token')
  roles.delete('u-1')
  down = true
  const unavailable = await get()
  t.equal(unavailable.statusCode, 503, 'no answer from identity: refused, not waved through')
  t.equal(unavailable.headers['retry-after'], '5')
  t.equal((await app.inject('/echo/abc')).statusCode, 200, 'routes without requireRole never ask')
  t.equal(asked, 3)
})
