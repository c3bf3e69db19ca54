import { createServer } from 'node:net'
import Fastify from 'fastify'
import t from 'tap'
import { configSchema } from '../src/config.js'
import { build } from './helper.js'

interface TestContext {
  teardown(fn: () => unknown): void
}

/** A replica of a service: GET /who names it, POST /orders counts what reached it; `draining` answers 503 like a closing Fastify. */
async function replica(t: TestContext, name: string) {
  const state = { draining: false, orders: 0, gets: 0 }
  const app = Fastify()
  app.get('/who', async (_req, reply) => {
    if (state.draining) return reply.code(503).header('connection', 'close').send({ message: 'closing' })
    state.gets++
    return { replica: name }
  })
  app.post('/orders', async () => {
    state.orders++
    return { ok: true }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  let closed = false
  const stop = async () => {
    if (closed) return
    closed = true
    await app.close()
  }
  t.teardown(stop)
  return { url, state, stop }
}

t.test('a service given as several URLs is balanced across its replicas', async (t) => {
  const a = await replica(t, 'a')
  const b = await replica(t, 'b')
  const { app } = await build(t, { env: { MESSAGING_URL: `${a.url},${b.url}` } })
  const seen = new Set<string>()
  for (let i = 0; i < 10; i++) {
    const res = await app.inject('/api/messaging/who')
    t.equal(res.statusCode, 200)
    seen.add(res.json().replica)
  }
  t.same([...seen].sort(), ['a', 'b'], 'both replicas answer')
})

t.test('a replica that is down or draining is passed over: reads still succeed, writes are never sent twice', async (t) => {
  const a = await replica(t, 'a')
  const b = await replica(t, 'b')
  const { app } = await build(t, { env: { MESSAGING_URL: `${a.url},${b.url}` } })
  await b.stop()
  const reads = await Promise.all(Array.from({ length: 20 }, () => app.inject('/api/messaging/who')))
  t.same(reads.map((r) => r.statusCode), Array(20).fill(200), 'every read answered 200 with one replica refusing connections')
  t.ok(reads.every((r) => r.json().replica === 'a'))

  const writes = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: '/api/messaging/orders', payload: {} })))
  t.same(writes.map((w) => w.statusCode), Array(10).fill(200), 'a write whose connection was refused was never sent: it went to the other replica')
  t.equal(a.state.orders, 10, 'each write reached a replica exactly once')

  const c = await replica(t, 'c')
  const d = await replica(t, 'd')
  const pair = await build(t, { env: { MESSAGING_URL: `${c.url},${d.url}` } })
  d.state.draining = true
  const duringDrain: number[] = []
  for (let i = 0; i < 10; i++) duringDrain.push((await pair.app.inject('/api/messaging/who')).statusCode)
  t.same(duringDrain, Array(10).fill(200), 'reads that met the draining replica were answered by the other')
  t.equal(c.state.gets, 10, 'all by the replica still serving')
})

t.test('a 503 on a write may have been acted on: it is passed on, not retried', async (t) => {
  const busy = Fastify()
  busy.post('/orders', async (_req, reply) => reply.code(503).send({ message: 'busy' }))
  await busy.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => busy.close())
  const busyUrl = `http://127.0.0.1:${(busy.server.address() as { port: number }).port}`
  const other = await replica(t, 'b')
  const { app } = await build(t, { env: { MESSAGING_URL: `${busyUrl},${other.url}` } })
  const statuses: number[] = []
  for (let i = 0; i < 4; i++) statuses.push((await app.inject({ method: 'POST', url: '/api/messaging/orders', payload: {} })).statusCode)
  t.ok(statuses.includes(503), 'the busy replica’s 503 reaches the client')
  t.equal(other.state.orders, statuses.filter((s) => s === 200).length, 'the others reached the serving replica once each')
})

t.test('one URL behaves as before; a bad entry in a list is a configuration error', async (t) => {
  const a = await replica(t, 'a')
  const { app } = await build(t, { env: { MESSAGING_URL: a.url } })
  t.equal((await app.inject('/api/messaging/who')).json().replica, 'a')
  const bad = configSchema.safeParse({ REDIS_URL: 'redis://x', IDENTITY_URL: 'http://a', SCHEDULING_URL: 'http://a', MESSAGING_URL: 'http://a,messaging:3000', CATALOGUE_URL: 'http://a', CONTENT_URL: 'http://a' })
  t.match(bad.error?.issues[0], { path: ['MESSAGING_URL'], message: /several separated by commas/ })
})

t.test('every replica down: 503 with Retry-After for reads and writes, never a refused connection or a 502', async (t) => {
  t.setTimeout(10_000)
  const a = await replica(t, 'a')
  const b = await replica(t, 'b')
  const { app } = await build(t, { env: { MESSAGING_URL: `${a.url},${b.url}` } })
  await a.stop()
  await b.stop()
  for (const res of [await app.inject('/api/messaging/who'), await app.inject({ method: 'POST', url: '/api/messaging/orders', payload: {} })]) {
    t.equal(res.statusCode, 503)
    t.equal(res.headers['retry-after'], '5')
    t.match(res.json(), { statusCode: 503, message: /temporarily unavailable/ })
  }
})

t.test('one replica: a read whose connection broke (the process died under it) is tried again; a write is not', async (t) => {
  t.setTimeout(10_000)
  // Breaks connections as soon as a request arrives (as a process killed under them would): the
  // first three, then the fifth; answers the others.
  let requests = 0
  const upstream = createServer((socket) => {
    socket.once('data', (data) => {
      requests++
      if (requests <= 3 || requests === 5) return socket.destroy()
      const body = JSON.stringify({ method: data.toString().split(' ', 1)[0] })
      socket.end(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`)
    })
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise((resolve) => upstream.close(resolve)))
  const { app } = await build(t, { env: { MESSAGING_URL: `http://127.0.0.1:${(upstream.address() as { port: number }).port}` } })

  const read = await app.inject('/api/messaging/who')
  t.equal(read.statusCode, 200, 'the read was answered on the fourth try')
  t.equal(requests, 4)
  const write = await app.inject({ method: 'POST', url: '/api/messaging/orders', payload: {} })
  t.equal(write.statusCode, 502, 'the write may have been acted on: not sent again')
  t.equal(requests, 5, 'sent once')
})
