import { randomUUID } from 'node:crypto'
import { testRedisUrl } from '@hearing/infra/testing'
import t from 'tap'
import { clientAddress, createRedis, visitorLimiter, waitInWords } from '../src/index.js'

const rule = { limit: 3, windowSeconds: 60 }

t.test('two replicas share one count per value; keys hold no address', async (t) => {
  const url = await testRedisUrl()
  const one = createRedis(url, 'client')
  const two = createRedis(url, 'client')
  t.teardown(() => {
    one.disconnect()
    two.disconnect()
  })
  await Promise.all([one, two].map((r) => (r.status === 'ready' ? undefined : new Promise((ready) => r.once('ready', ready)))))
  const prefix = `test-${randomUUID()}`
  const [a, b] = [visitorLimiter(one, prefix), visitorLimiter(two, prefix)]
  const answers = []
  for (let i = 0; i < 5; i++) answers.push(await (i % 2 ? b : a).hit('mail-to', 'victim@example.com', rule))
  t.same(answers.map((x) => x.allowed), [true, true, true, false, false], 'the fourth hit, whichever replica, is over')
  const refused = answers[3]!
  t.ok(!refused.allowed && refused.retryAfterSeconds > 0 && refused.retryAfterSeconds <= 60, 'says when the window ends')
  t.same((await a.hit('mail-to', 'someone.else@example.com', rule)).allowed, true, 'another value has a count of its own')
  const keys = await one.keys(`${prefix}:*`)
  t.equal(keys.length, 2)
  t.notOk(keys.some((k) => k.includes('example.com')), 'hashed')
  t.ok((await one.ttl(keys[0]!)) > 0, 'every key expires')
  await one.del(...keys)
})

t.test('Redis away: a visitor is let through, never refused for our outage', async (t) => {
  const down = createRedis('redis://127.0.0.1:9', 'client')
  t.teardown(() => down.disconnect())
  t.same(await visitorLimiter(down, 'x').hit('order-from', '203.0.113.7', { limit: 0, windowSeconds: 60 }), { allowed: true })
  t.same(await visitorLimiter(null, 'x').hit('order-from', '203.0.113.7', { limit: 0, windowSeconds: 60 }), { allowed: true })
})

t.test('client address and waits in words', async (t) => {
  t.equal(clientAddress({ headers: { 'x-forwarded-for': '203.0.113.7' }, ip: '10.0.0.1' }), '203.0.113.7')
  t.equal(clientAddress({ headers: {}, ip: '10.0.0.1' }), '10.0.0.1')
  t.equal(waitInWords(30), 'a minute')
  t.equal(waitInWords(3592), 'about 60 minutes')
  t.equal(waitInWords(86_000), 'about 24 hours')
})
