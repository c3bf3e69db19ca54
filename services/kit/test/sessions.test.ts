import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { freshDatabase, testSigner } from '@hearing/infra/testing'
import t from 'tap'
import type { AuthUser } from '../src/auth.js'
import { serviceEnvSchema } from '../src/config.js'
import { createFastify } from '../src/fastify.js'
import serviceKit from '../src/plugin.js'
import { cachedSessionCheck, remoteSessionCheck, type SessionCheckAnswer } from '../src/sessions.js'

const TTL = 5000
const ana: AuthUser = { id: 'u-ana', role: 'staff', sessionId: 's-1' } as AuthUser

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let at = start
  return { now: () => at, advance: (ms: number) => void (at += ms) }
}

/** Identity's session check as a function: counts questions, can end a session or be away. */
function identity() {
  const state = { asked: 0, ended: new Set<string>(), away: false }
  const check = async (user: AuthUser): Promise<SessionCheckAnswer> => {
    state.asked++
    if (state.away) throw new Error('identity unreachable')
    return state.ended.has(user.sessionId) ? { active: false } : { active: true, role: user.role }
  }
  return { state, check }
}

t.test('a revoked session is refused once the window is over, and not before identity was asked again', async (t) => {
  const time = clock()
  const id = identity()
  const check = cachedSessionCheck(id.check, { ttlMs: TTL, now: time.now })
  t.same(await check(ana), { active: true, role: 'staff' })
  id.state.ended.add('s-1') // signed out elsewhere
  time.advance(TTL - 1)
  t.same(await check(ana), { active: true, role: 'staff' }, 'within the window the kept answer stands')
  t.equal(id.state.asked, 1, 'identity was asked once for all of them')
  time.advance(1)
  t.same(await check(ana), { active: false }, `refused ${TTL} ms after identity was last asked, at the latest`)
  t.equal(id.state.asked, 2)
})

t.test('identity away: the kept answer serves the rest of its window, then the check fails (503), and a failure is not kept', async (t) => {
  const time = clock()
  const id = identity()
  const check = cachedSessionCheck(id.check, { ttlMs: TTL, now: time.now })
  await check(ana)
  id.state.away = true
  time.advance(TTL - 1)
  t.same(await check(ana), { active: true, role: 'staff' }, 'still answered while identity is down')
  time.advance(1)
  await t.rejects(check(ana), /identity unreachable/, 'past the window: no answer, never access')
  await t.rejects(check(ana), /identity unreachable/, 'asked again on the next request')
  t.equal(id.state.asked, 3)
  id.state.away = false
  t.same(await check(ana), { active: true, role: 'staff' }, 'back once identity is')
})

t.test('answers are per session, concurrent requests share one question, and the cache is bounded', async (t) => {
  const time = clock()
  const id = identity()
  const check = cachedSessionCheck(id.check, { ttlMs: TTL, now: time.now, maxEntries: 2 })
  await Promise.all([check(ana), check(ana), check(ana)])
  t.equal(id.state.asked, 1, 'one question for requests arriving together')
  id.state.ended.add('s-2')
  t.same(await check({ ...ana, sessionId: 's-2' }), { active: false }, "another session of the same account has its own answer")
  await check({ ...ana, sessionId: 's-3' })
  await check(ana)
  t.equal(id.state.asked, 4, 'with room for two sessions the oldest answer was forgotten')
  t.equal(cachedSessionCheck(id.check, { ttlMs: 0 }), id.check, '0 asks identity on every request')
})

t.test('SESSION_CHECK_CACHE_MS: 5000 by default, 0 to 60000', async (t) => {
  const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x', INTERNAL_TOKEN: 'i'.repeat(32), IDENTITY_JWKS_URL: 'http://identity:3000/.well-known/jwks.json' }
  t.equal(serviceEnvSchema.parse(base).SESSION_CHECK_CACHE_MS, 5000)
  t.equal(serviceEnvSchema.parse({ ...base, SESSION_CHECK_CACHE_MS: '0' }).SESSION_CHECK_CACHE_MS, 0)
  t.notOk(serviceEnvSchema.safeParse({ ...base, SESSION_CHECK_CACHE_MS: '600000' }).success, 'no window of minutes')
})

t.test("through a service: a guarded read keeps working while identity is down for the window; a revoked session gets 401 within it", async (t) => {
  const time = clock()
  const ended = new Set<string>()
  let asked = 0
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      asked++
      const { sid, role } = JSON.parse(raw) as { sid: string; role: string }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ended.has(sid) ? { active: false } : { active: true, role }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  let up = true
  const stopIdentity = () => (up ? new Promise<void>((resolve) => ((up = false), server.close(() => resolve()), server.closeAllConnections())) : undefined)
  t.teardown(stopIdentity)
  const identityUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const signer = await testSigner()
  const sessions = remoteSessionCheck({ identityUrl, internalToken: 'i'.repeat(40), timeoutMs: 1000 })
  const app = createFastify({ name: 'kit-sessions', logLevel: false })
  await app.register(serviceKit, {
    schema: 'kit_sessions',
    databaseUrl: await freshDatabase(t),
    internalToken: 'i'.repeat(40),
    auth: { jwks: signer.keySet, issuer: 'hearing-care-identity', audience: 'hearing-care-api' },
    sessions,
    guardSessions: cachedSessionCheck(sessions, { ttlMs: TTL, now: time.now }),
  })
  app.get('/appointments', { preHandler: app.requireRole('staff', 'admin') }, async () => ({ items: [] }))
  t.teardown(() => app.close())
  const as = async (sub: string, sid: string) => ({ authorization: `Bearer ${await signer.sign({ sub, role: 'staff', sid })}` })
  const read = async (headers: Record<string, string>) => (await app.inject({ url: '/appointments', headers })).statusCode

  const bea = await as('u-bea', 's-bea')
  const cy = await as('u-cy', 's-cy')
  t.equal(await read(bea), 200)
  t.equal(await read(cy), 200)
  t.equal(await read(bea), 200)
  t.equal(asked, 2, 'identity asked once per session, not per request')

  ended.add('s-cy') // Cy signs out
  time.advance(TTL)
  t.equal(await read(cy), 401, `Cy's token is refused ${TTL} ms after the last answer`)

  t.equal(await read(bea), 200, 'Bea asks again (fresh window)')
  await stopIdentity()
  time.advance(TTL - 1)
  t.equal(await read(bea), 200, 'identity down: Bea keeps reading for the rest of the window')
  time.advance(1)
  const after = await app.inject({ url: '/appointments', headers: bea })
  t.equal(after.statusCode, 503, 'then the guarded route says unavailable, never lets her in unchecked')
  t.equal(after.headers['retry-after'], '5')
})
