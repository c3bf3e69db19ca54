import { randomUUID } from 'node:crypto'
import { testRedisUrl } from '@hearing/infra/testing'
import Fastify from 'fastify'
import type { Redis } from 'ioredis'
import t, { type Test } from 'tap'
import { clientAddress, createRedis, installErrorHandler, redisOrLocalStore, registerVisitorLimits, visitorLimit, waitInWords } from '../src/index.js'

/** A replica with one limited form (3 an hour per address), its limits counted on `redis`. */
async function replica(t: Test, redis: Redis | null, prefix: string) {
  const app = Fastify()
  app.decorate('redis', redis)
  installErrorHandler(app)
  await app.register(async (group) => {
    await registerVisitorLimits(group as never, { prefix })
    group.post('/form', { config: { rateLimit: visitorLimit({ max: 3, windowSeconds: 3600, message: (wait) => `Try again in ${waitInWords(wait)}.` }) } }, async () => ({ ok: true }))
  })
  await app.ready()
  t.teardown(() => app.close())
  return (from: string) => app.inject({ method: 'POST', url: '/form', headers: { 'x-forwarded-for': from }, payload: {} })
}

const ready = (r: Redis) => (r.status === 'ready' ? undefined : new Promise((resolve) => r.once('ready', resolve)))

t.test('two replicas on one Redis share one count per address; the refusal says when to come back', async (t) => {
  const url = await testRedisUrl()
  const one = createRedis(url, 'client')
  const two = createRedis(url, 'client')
  t.teardown(() => {
    one.disconnect()
    two.disconnect()
  })
  await Promise.all([one, two].map(ready))
  const prefix = `test-${randomUUID()}`
  const [a, b] = [await replica(t, one, prefix), await replica(t, two, prefix)]
  const codes = []
  for (let i = 0; i < 5; i++) codes.push((await (i % 2 ? b : a)('203.0.113.7')).statusCode)
  t.same(codes, [200, 200, 200, 429, 429], 'the fourth request, whichever replica, is over')
  const refused = await a('203.0.113.7')
  t.match(refused.json(), { statusCode: 429, message: /^Try again in about 60 minutes\.$/ })
  const retryAfter = Number(refused.headers['retry-after'])
  t.ok(retryAfter > 3500 && retryAfter <= 3600, 'Retry-After: the rest of the window')
  t.equal((await b('198.51.100.9')).statusCode, 200, 'another address has a count of its own')
  const keys = await one.keys(`${prefix}:*`)
  t.ok(keys.length >= 2 && keys.every((k) => k.startsWith(`${prefix}:limit:`)), 'counted under the stack prefix')
  t.ok((await one.pttl(keys[0]!)) > 0, 'every key expires')
  await one.del(...keys)
})

t.test('Redis away: the limit still holds, counted in the process', async (t) => {
  const down = createRedis('redis://127.0.0.1:9', 'client')
  t.teardown(() => down.disconnect())
  for (const [label, redis] of [['unreachable', down], ['not configured', null]] as const) {
    const send = await replica(t, redis, `test-${randomUUID()}`)
    const codes = []
    for (let i = 0; i < 5; i++) codes.push((await send('203.0.113.7')).statusCode)
    t.same(codes, [200, 200, 200, 429, 429], `${label}: refused after 3, not let through`)
  }
})

t.test('client address and waits in words', async (t) => {
  t.equal(clientAddress({ headers: { 'x-forwarded-for': '203.0.113.7' }, ip: '10.0.0.1' }), '203.0.113.7')
  t.equal(clientAddress({ headers: {}, ip: '10.0.0.1' }), '10.0.0.1')
  t.equal(waitInWords(30), 'a minute')
  t.equal(waitInWords(3592), 'about 60 minutes')
  t.equal(waitInWords(86_000), 'about 24 hours')
})

t.test('a Redis that fails or stalls on the count: that request is counted in the process instead', async (t) => {
  // Stand-ins for a connected ioredis client whose rate-limit script errors, or never answers.
  const stub = (answer: (callback: (err: Error | null, result?: [number, number]) => void) => void) =>
    ({ status: 'ready', rateLimit: (...args: unknown[]) => answer(args.at(-1) as never), rateLimitRead: () => {} }) as unknown as Redis
  for (const [label, redis] of [
    ['an error', stub((callback) => callback(new Error('READONLY You cannot write against a read only replica')))],
    ['no answer', stub(() => {})],
  ] as const) {
    const Store = redisOrLocalStore(redis, 'test:')
    const store = new Store({} as never).child({ routeInfo: { method: 'POST', url: '/form' } } as never)
    const counts: number[] = []
    for (let i = 0; i < 4; i++) counts.push(await new Promise<number>((resolve, reject) => store.incr('203.0.113.7', (err, answer) => (err ? reject(err) : resolve(answer!.current)), 60_000, 3)))
    t.same(counts, [1, 2, 3, 4], `${label}: counted here, so the limit still holds`)
  }
})
