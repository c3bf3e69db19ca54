import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import t from 'tap'
import { leasedStore, MAX_LEASE, type Count, type SharedCounter } from '../src/leased-store.js'

/** Redis's part, in memory: one count per key that expires with its window, and how often it was asked. */
function memoryCounter(clock: { now: number }) {
  const counts = new Map<string, { total: number; expiresAt: number }>()
  let calls = 0
  const state = { up: true }
  const counter: SharedCounter = {
    async reserve(key, n, windowMs) {
      calls++
      if (!state.up) throw new Error('connection refused')
      let entry = counts.get(key)
      if (!entry || clock.now >= entry.expiresAt) counts.set(key, (entry = { total: 0, expiresAt: clock.now + windowMs }))
      entry.total += n
      return { total: entry.total, ttlMs: entry.expiresAt - clock.now }
    },
    available: () => true,
  }
  return { counter, calls: () => calls, state }
}

/** One request as the plugin counts it (a copy: LocalStore answers with its live entry): admitted while current <= max. */
function incr(store: FastifyRateLimitStore, key: string, max: number, windowMs = 60_000): Promise<Count> {
  return new Promise((resolve, reject) => store.incr(key, (err, res) => (err ? reject(err) : resolve({ ...res! })), windowMs, max))
}
const admitted = (c: Count, max: number) => c.current <= max

t.test('one client on one replica: exactly max requests, then refused until the window ends', async (t) => {
  const clock = { now: 1_000_000 }
  const { counter, calls } = memoryCounter(clock)
  const Store = leasedStore({ counter, now: () => clock.now })
  const store = new Store({})
  const counts: Count[] = []
  for (let i = 0; i < 310; i++) counts.push(await incr(store, '203.0.113.1', 300))
  t.equal(counts.filter((c) => admitted(c, 300)).length, 300)
  t.same(counts.slice(0, 3).map((c) => c.current), [1, 2, 3], 'the count goes up exactly')
  t.ok(counts.slice(300).every((c) => c.current > 300 && c.ttl > 0), 'then refused, saying when to come back')
  t.ok(calls() <= 300 / 7 + 10, `Redis asked once per lease, not per request (${calls()} times for 310 requests)`)
  const askedWhenSpent = calls()
  await incr(store, '203.0.113.1', 300)
  t.equal(calls(), askedWhenSpent, 'a spent window is refused without asking Redis')
  t.ok(admitted(await incr(store, '203.0.113.2', 300), 300), 'another client has its own allowance')

  clock.now += 60_000
  t.ok(admitted(await incr(store, '203.0.113.1', 300), 300), 'a new window, a new allowance')
})

t.test('a client spread over three replicas: never more than max, and at most 2·L·(R−1) fewer', async (t) => {
  const clock = { now: 5_000_000 }
  const { counter } = memoryCounter(clock)
  for (const max of [10, 300, 4000, 100_000]) {
    const Store = leasedStore({ counter, now: () => clock.now })
    const replicas = [0, 1, 2].map(() => new Store({}))
    const key = `client-${max}`
    let passed = 0
    // Bursts of simultaneous requests, each to a replica picked at random, well past the limit.
    for (let sent = 0; sent < max * 2; sent += 20) {
      const burst = await Promise.all(Array.from({ length: 20 }, () => incr(replicas[Math.floor(Math.random() * 3)]!, key, max)))
      passed += burst.filter((c) => admitted(c, max)).length
    }
    const lease = Math.max(1, Math.min(MAX_LEASE, Math.floor(max / 40)))
    t.ok(passed <= max, `max ${max}: admitted ${passed}, never more`)
    t.ok(passed >= max - 2 * lease * 2, `max ${max}: admitted ${passed}, within the bound`)
  }
})

t.test('a route of its own (child) counts apart', async (t) => {
  const clock = { now: 9_000_000 }
  const { counter } = memoryCounter(clock)
  const store = new (leasedStore({ counter, now: () => clock.now }))({})
  const child = store.child({ routeInfo: { method: 'POST', url: '/sign-in' } } as unknown as Parameters<FastifyRateLimitStore['child']>[0])
  t.equal((await incr(store, 'a', 1)).current, 1)
  t.ok((await incr(store, 'a', 1)).current > 1, 'the shared limit is spent')
  t.equal((await incr(child, 'a', 1)).current, 1, "the route's own is not")
})

t.test('the counter failing or unavailable: counted per process, and said so', async (t) => {
  const clock = { now: 2_000_000 }
  const memory = memoryCounter(clock)
  memory.state.up = false
  const failures: unknown[] = []
  const store = new (leasedStore({ counter: memory.counter, onError: (err) => failures.push(err), now: () => clock.now }))({})
  const counts = [await incr(store, 'a', 2), await incr(store, 'a', 2), await incr(store, 'a', 2)]
  t.same(counts.map((c) => admitted(c, 2)), [true, true, false], 'the limit still holds in this process')
  t.ok(failures.length >= 1, 'each failed lease is reported')

  let asked = 0
  const offline = new (leasedStore({
    counter: { reserve: () => (asked++, Promise.reject(new Error('never'))), available: () => false },
    now: () => clock.now,
  }))({})
  t.same([await incr(offline, 'b', 1), await incr(offline, 'b', 1)].map((c) => admitted(c, 1)), [true, false])
  t.equal(asked, 0, 'Redis not connected: not asked at all')

  const quiet = new (leasedStore({ counter: { reserve: () => Promise.reject(new Error('refused')), available: () => true }, now: () => clock.now }))({})
  t.ok(admitted(await incr(quiet, 'c', 1), 1), 'without an onError, a failed lease is counted per process all the same')
})

t.test('a window that ended between two sweeps starts afresh', async (t) => {
  const clock = { now: 7_000_000 }
  const { counter } = memoryCounter(clock)
  const store = new (leasedStore({ counter, now: () => clock.now }))({})
  await incr(store, 'first', 1) // the first sweep: the next is due a window later
  clock.now += 30_000
  t.ok(admitted(await incr(store, 'late', 1), 1))
  t.notOk(admitted(await incr(store, 'late', 1), 1), 'spent')
  clock.now += 30_000 // the second sweep: 'late' still has half its window
  await incr(store, 'first', 1)
  clock.now += 31_000 // 'late' ended; the next sweep is not due yet
  t.ok(admitted(await incr(store, 'late', 1), 1), 'a new window, a new allowance')
})
