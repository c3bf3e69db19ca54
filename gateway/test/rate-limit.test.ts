import { freePort, testRedisUrl } from '@hearing/infra/testing'
import { Redis } from 'ioredis'
import t from 'tap'
import { RATE_LIMIT_MESSAGE } from '../src/rate-limit.js'
import { build } from './helper.js'

const TOO_MANY = { statusCode: 429, error: 'Too Many Requests', message: RATE_LIMIT_MESSAGE }

t.test('the API answers 429 after RATE_LIMIT_MAX requests in the window', async (t) => {
  const { app, upstreams } = await build(t, { env: { RATE_LIMIT_MAX: '3' } })
  for (let i = 1; i <= 3; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/catalogue/products' })
    t.equal(res.statusCode, 200, `request ${i}`)
    t.equal(res.headers['x-ratelimit-remaining'], String(3 - i))
  }
  const res = await app.inject({ method: 'GET', url: '/api/catalogue/products' })
  t.equal(res.statusCode, 429)
  t.same(res.json(), TOO_MANY)
  t.ok(Number(res.headers['retry-after']) > 0, 'says when to come back')
  t.equal(upstreams.catalogue.seen.length, 3, 'the refused request never reached the service')
})

t.test('a forged X-Forwarded-For does not give a new allowance', async (t) => {
  const { app } = await build(t, { env: { RATE_LIMIT_MAX: '2' } })
  const statuses = []
  for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
    const res = await app.inject({ method: 'GET', url: '/api/content/articles', headers: { 'x-forwarded-for': ip } })
    statuses.push(res.statusCode)
  }
  t.same(statuses, [200, 200, 429], 'all three counted against the real peer address')
})

t.test('behind a trusted proxy each client address has its own allowance', async (t) => {
  const { app } = await build(t, { env: { RATE_LIMIT_MAX: '2', TRUSTED_PROXIES: '127.0.0.1' } })
  const get = (ip: string) => app.inject({ method: 'GET', url: '/api/content/articles', headers: { 'x-forwarded-for': ip } })
  t.equal((await get('203.0.113.1')).statusCode, 200)
  t.equal((await get('203.0.113.1')).statusCode, 200)
  t.equal((await get('203.0.113.1')).statusCode, 429, 'the first client is limited')
  t.equal((await get('203.0.113.2')).statusCode, 200, 'another client is not')
})

t.test('pages and unknown paths count; static files and health probes do not', async (t) => {
  const { app } = await build(t, { env: { RATE_LIMIT_MAX: '2' } })
  for (let i = 0; i < 5; i++) {
    t.equal((await app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode, 200)
    t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200)
  }
  t.equal((await app.inject({ method: 'GET', url: '/about-us' })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/no-such-page' })).statusCode, 404)
  const res = await app.inject({ method: 'GET', url: '/no-such-page-either' })
  t.equal(res.statusCode, 429, 'probing unknown paths is limited too')
  t.same(res.json(), TOO_MANY)
  t.equal((await app.inject({ method: 'GET', url: '/api/identity/me' })).statusCode, 429, 'one allowance for pages and API')
})

t.test('with Redis unreachable the site keeps serving, and each process still limits on its own', async (t) => {
  const { app, upstreams } = await build(t, { env: { RATE_LIMIT_MAX: '2', REDIS_URL: `redis://127.0.0.1:${await freePort()}` } })
  const statuses: number[] = []
  for (let i = 0; i < 4; i++) statuses.push((await app.inject({ method: 'GET', url: '/api/messaging/locations' })).statusCode)
  t.same(statuses, [200, 200, 429, 429], 'counted in this process: the limit holds')
  t.equal(upstreams.messaging.seen.length, 2, 'the refused ones never reached the service')
  const refused = await app.inject({ method: 'GET', url: '/api/messaging/locations' })
  t.same(refused.json(), TOO_MANY)
  t.ok(Number(refused.headers['retry-after']) > 0, 'says when to come back')
  const ready = await app.inject({ method: 'GET', url: '/readyz' })
  t.equal(ready.statusCode, 200, 'still ready')
  t.same(ready.json(), { status: 'ready', checks: { web: 'up', redis: 'down' } })
})

t.test('Redis refusing the count (a lease fails): that request and the next are counted per process', async (t) => {
  const prefix = `failing-${process.pid}-${Date.now().toString(36)}:`
  // The client's counter holds something INCRBY cannot add to: every lease fails.
  const redis = new Redis(await testRedisUrl())
  t.teardown(() => redis.quit())
  await redis.set(`${prefix}127.0.0.1`, 'not a number', 'PX', 60_000)
  const { app } = await build(t, { env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_PREFIX: prefix } })
  const statuses: number[] = []
  for (let i = 0; i < 3; i++) statuses.push((await app.inject('/api/content/articles')).statusCode)
  t.same(statuses, [200, 200, 429], 'still limited')
})

t.test('two stacks sharing a Redis keep their own counters: the prefix comes from the configuration', async (t) => {
  const stack = `stack-${process.pid}-${Date.now().toString(36)}`
  const first = await build(t, { env: { RATE_LIMIT_MAX: '1', RATE_LIMIT_PREFIX: `${stack}-a:rate-limit:` } })
  const second = await build(t, { env: { RATE_LIMIT_MAX: '1', RATE_LIMIT_PREFIX: `${stack}-b:rate-limit:` } })
  t.equal((await first.app.inject('/api/content/articles')).statusCode, 200)
  t.equal((await first.app.inject('/api/content/articles')).statusCode, 429, 'the first stack limits its visitor')
  t.equal((await second.app.inject('/api/content/articles')).statusCode, 200, 'the same address is not limited on the other stack')
})

t.test('two gateways sharing one Redis (replicas of one stack) share each client’s allowance', async (t) => {
  const shared = `replicas-${process.pid}-${Date.now().toString(36)}:`
  const first = await build(t, { env: { RATE_LIMIT_MAX: '4', RATE_LIMIT_PREFIX: shared } })
  const second = await build(t, { env: { RATE_LIMIT_MAX: '4', RATE_LIMIT_PREFIX: shared } })
  const statuses: number[] = []
  for (let i = 0; i < 10; i++) statuses.push((await (i % 2 ? second : first).app.inject('/api/content/articles')).statusCode)
  t.equal(statuses.filter((s) => s === 200).length, 4, 'four requests in all, alternating between the replicas')
  t.equal(statuses.filter((s) => s === 429).length, 6, 'the others refused')
  t.equal(first.upstreams.content.seen.length + second.upstreams.content.seen.length, 4, 'only the admitted ones reached the service')
})

t.test('simultaneous requests of one client on two replicas never exceed the limit together', async (t) => {
  const shared = `burst-${process.pid}-${Date.now().toString(36)}:`
  const first = await build(t, { env: { RATE_LIMIT_MAX: '50', RATE_LIMIT_PREFIX: shared } })
  const second = await build(t, { env: { RATE_LIMIT_MAX: '50', RATE_LIMIT_PREFIX: shared } })
  const burst = (app: typeof first.app) => Array.from({ length: 60 }, () => app.inject('/api/content/articles'))
  const statuses = (await Promise.all([...burst(first.app), ...burst(second.app)])).map((r) => r.statusCode)
  const admitted = statuses.filter((s) => s === 200).length
  t.ok(admitted <= 50, `never more than the limit (${admitted})`)
  // Each replica may hold at most two leases of max/40 (here 1) it no longer gets to spend.
  t.ok(admitted >= 50 - 2, `at most the documented bound fewer (${admitted})`)
  t.same(new Set(statuses), new Set([200, 429]))
})
