import t from 'tap'
import { allowance, MAX_LEASE, type Decision, type SharedCounter } from '../src/allowance.js'

/** Redis's part, in memory: one count per key that expires with its window, and how often it was asked. */
function memoryCounter(clock: { now: number }) {
  const counts = new Map<string, { total: number; expiresAt: number }>()
  let calls = 0
  const counter: SharedCounter = {
    async reserve(key, n, windowMs) {
      calls++
      let entry = counts.get(key)
      if (!entry || clock.now >= entry.expiresAt) counts.set(key, (entry = { total: 0, expiresAt: clock.now + windowMs }))
      entry.total += n
      return { total: entry.total, ttlMs: entry.expiresAt - clock.now }
    },
  }
  return { counter, calls: () => calls }
}

const settle = (d: Decision | Promise<Decision | undefined>) => Promise.resolve(d)

t.test('one client on one replica: exactly max requests, then refused until the window ends', async (t) => {
  const clock = { now: 1_000_000 }
  const { counter, calls } = memoryCounter(clock)
  const limit = allowance({ max: 300, windowMs: 60_000, counter, now: () => clock.now })
  t.teardown(() => limit.close())
  const decisions = []
  for (let i = 0; i < 310; i++) decisions.push(await settle(limit.take('203.0.113.1')))
  t.equal(decisions.filter((d) => d?.allowed).length, 300)
  t.same(decisions.slice(0, 3).map((d) => d?.remaining), [299, 298, 297], 'remaining counts down exactly')
  t.ok(decisions.slice(300).every((d) => d && !d.allowed && d.resetInMs > 0), 'then refused, saying when to come back')
  t.ok(calls() <= 300 / 7 + 10, `Redis asked once per lease, not per request (${calls()} times for 310 requests)`)
  const askedWhenSpent = calls()
  await settle(limit.take('203.0.113.1'))
  t.equal(calls(), askedWhenSpent, 'a spent window is refused without asking Redis')
  t.equal((await settle(limit.take('203.0.113.2')))?.allowed, true, 'another client has its own allowance')

  clock.now += 60_000
  t.equal((await settle(limit.take('203.0.113.1')))?.allowed, true, 'a new window, a new allowance')
})

t.test('a client spread over three replicas: never more than max, and at most 2·L·(R−1) fewer', async (t) => {
  const clock = { now: 5_000_000 }
  const { counter } = memoryCounter(clock)
  for (const max of [10, 300, 4000, 100_000]) {
    const replicas = [0, 1, 2].map(() => allowance({ max, windowMs: 60_000, counter, now: () => clock.now }))
    t.teardown(() => replicas.forEach((r) => r.close()))
    const key = `client-${max}`
    let admitted = 0
    // Bursts of simultaneous requests, each to a replica picked at random, well past the limit.
    for (let sent = 0; sent < max * 2; sent += 20) {
      const burst = await Promise.all(Array.from({ length: 20 }, () => settle(replicas[Math.floor(Math.random() * 3)]!.take(key))))
      admitted += burst.filter((d) => d?.allowed).length
    }
    const lease = Math.max(1, Math.min(MAX_LEASE, Math.floor(max / 40)))
    t.ok(admitted <= max, `max ${max}: admitted ${admitted}, never more`)
    t.ok(admitted >= max - 2 * lease * 2, `max ${max}: admitted ${admitted}, within the bound`)
  }
})

t.test('the counter failing lets requests through, and says so', async (t) => {
  const failures: unknown[] = []
  const limit = allowance({
    max: 1,
    windowMs: 60_000,
    counter: { reserve: () => Promise.reject(new Error('connection refused')) },
    onError: (err) => failures.push(err),
  })
  t.teardown(() => limit.close())
  t.equal(await settle(limit.take('a')), undefined, 'no decision: the request passes')
  t.equal(await settle(limit.take('a')), undefined)
  t.equal(failures.length, 2)
})
