import { createServer, type Socket } from 'node:net'
import Fastify, { type FastifyReply } from 'fastify'
import t from 'tap'
import { apiCache, sharedLifetime } from '../src/api-cache.js'
import { build } from './helper.js'

interface TestContext {
  teardown(fn: () => unknown): void
}

/**
 * A messaging-sync stand-in whose answers carry the headers a test asks for in the query
 * (`?cc=public, max-age=60`, `?vary=origin`, `?status=404`, `?cookie=1`, `?size=N`), and that counts
 * the requests reaching it per path and query.
 */
async function startUpstream(t: TestContext) {
  const hits = new Map<string, number>()
  const server = Fastify()
  server.get('/*', async (req, reply) => {
    hits.set(req.url, (hits.get(req.url) ?? 0) + 1)
    const q = req.query as Record<string, string | undefined>
    if (q.cc) reply.header('cache-control', q.cc)
    if (q.vary) reply.header('vary', q.vary)
    if (q.cookie) reply.header('set-cookie', 'session=abc; HttpOnly')
    reply.header('x-request-id', 'from-the-service')
    return reply.code(Number(q.status ?? 200)).send({ url: req.url, n: hits.get(req.url), padding: 'x'.repeat(Number(q.size ?? 0)) })
  })
  server.post('/*', async (req) => {
    hits.set(req.url, (hits.get(req.url) ?? 0) + 1)
    return { posted: true }
  })
  await server.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => server.close())
  const { port } = server.server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, hits: (path: string) => hits.get(path) ?? 0 }
}

const PUBLIC = encodeURIComponent('public, max-age=60')

t.test('a public answer is served by the gateway the second time, with its age, and again from the service once it expires', async (t) => {
  const upstream = await startUpstream(t)
  const { app } = await build(t, { env: { MESSAGING_URL: upstream.url, API_CACHE_MAX_SECONDS: '1' } })
  const url = `/api/messaging/locations?cc=${PUBLIC}`
  const first = await app.inject({ method: 'GET', url })
  t.equal(first.statusCode, 200)
  t.equal(first.headers['x-cache'], 'MISS')
  const second = await app.inject({ method: 'GET', url })
  t.equal(second.statusCode, 200)
  t.equal(second.headers['x-cache'], 'HIT')
  t.equal(second.headers.age, '0')
  t.equal(second.body, first.body, 'the same body')
  t.equal(second.headers['content-type'], first.headers['content-type'])
  t.equal(second.headers['cache-control'], 'public, max-age=60', 'the service’s own cache-control goes to the browser')
  t.match(second.headers['x-request-id'], /^[0-9a-f-]{36}$/, 'a request id of its own')
  t.not(second.headers['x-request-id'], first.headers['x-request-id'], 'this request’s, not the stored one’s')
  t.ok(second.headers['x-content-type-options'], 'security headers on a hit too')
  t.equal(upstream.hits(`/locations?cc=${PUBLIC}`), 1, 'the service saw one request')

  // API_CACHE_MAX_SECONDS=1 caps the service's 60 s.
  await new Promise((resolve) => setTimeout(resolve, 1100))
  const third = await app.inject({ method: 'GET', url })
  t.equal(third.headers['x-cache'], 'MISS', 'expired: asked again')
  t.equal(upstream.hits(`/locations?cc=${PUBLIC}`), 2)
})

t.test('never kept: credentials, conditions, private or uncacheable answers, cookies, vary, errors, POST', async (t) => {
  const upstream = await startUpstream(t)
  const { app } = await build(t, { env: { MESSAGING_URL: upstream.url } })
  const twice = async (url: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') => {
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method, url: `/api/messaging${url}`, headers })
      t.not(res.headers['x-cache'], 'HIT', `${method} ${url} ${JSON.stringify(headers)} not served from the cache`)
    }
    return upstream.hits(url)
  }
  t.equal(await twice(`/a?cc=${PUBLIC}`, { authorization: 'Bearer x' }), 2, 'a request with Authorization goes to the service')
  t.equal(await twice(`/b?cc=${PUBLIC}`, { cookie: 'hc=1' }), 2, 'a request with a cookie goes to the service')
  t.equal(await twice(`/c?cc=${PUBLIC}`, { 'if-none-match': '"v1"' }), 2, 'a conditional request goes to the service')
  t.equal(await twice(`/d?cc=${encodeURIComponent('private, max-age=60')}`), 2, 'private')
  t.equal(await twice(`/e?cc=${encodeURIComponent('public, max-age=60, no-store')}`), 2, 'no-store')
  t.equal(await twice(`/f?cc=${encodeURIComponent('max-age=60')}`), 2, 'not marked public')
  t.equal(await twice(`/g`), 2, 'no cache-control at all')
  t.equal(await twice(`/h?cc=${PUBLIC}&cookie=1`), 2, 'an answer that sets a cookie')
  t.equal(await twice(`/i?cc=${PUBLIC}&vary=origin`), 2, 'an answer that varies on more than the encoding')
  t.equal(await twice(`/j?cc=${PUBLIC}&status=404`), 2, 'not a 200')
  t.equal(await twice(`/k?cc=${PUBLIC}&size=300000`), 2, 'larger than an entry may be')
  t.equal(await twice(`/l?cc=${PUBLIC}`, {}, 'POST'), 2, 'POST')
})

t.test('different queries are different entries; the rate limit still counts hits; internal paths stay hidden', async (t) => {
  const upstream = await startUpstream(t)
  const { app } = await build(t, { env: { MESSAGING_URL: upstream.url, RATE_LIMIT_MAX: '3' } })
  const a = await app.inject({ method: 'GET', url: `/api/messaging/x?cc=${PUBLIC}&page=1` })
  const b = await app.inject({ method: 'GET', url: `/api/messaging/x?cc=${PUBLIC}&page=2` })
  t.not(a.body, b.body)
  t.equal(b.headers['x-cache'], 'MISS', 'another query is another entry')
  t.equal((await app.inject({ method: 'GET', url: `/api/messaging/x?cc=${PUBLIC}&page=1` })).headers['x-cache'], 'HIT')
  const limited = await app.inject({ method: 'GET', url: `/api/messaging/x?cc=${PUBLIC}&page=1` })
  t.equal(limited.statusCode, 429, 'the fourth request in the window is refused, cached or not')
  t.notOk(limited.headers['x-cache'])

  const { app: other } = await build(t, { env: { MESSAGING_URL: upstream.url } })
  t.equal((await other.inject({ method: 'GET', url: `/api/messaging/internal/outbox?cc=${PUBLIC}` })).statusCode, 404)
  t.equal((await other.inject({ method: 'GET', url: `/api/messaging/internal/outbox?cc=${PUBLIC}` })).statusCode, 404, 'still 404: nothing was stored')
  t.equal(upstream.hits(`/internal/outbox?cc=${PUBLIC}`), 0)
})

t.test('kept: an answer that varies on the encoding only; apart: another host; not from the cache: HEAD', async (t) => {
  const upstream = await startUpstream(t)
  const { app } = await build(t, { env: { MESSAGING_URL: upstream.url } })
  const url = `/api/messaging/v?cc=${PUBLIC}&vary=accept-encoding`
  t.equal((await app.inject({ method: 'GET', url })).headers['x-cache'], 'MISS')
  const hit = await app.inject({ method: 'GET', url })
  t.equal(hit.headers['x-cache'], 'HIT', 'Vary: Accept-Encoding is no obstacle (nothing is stored encoded)')
  t.equal(hit.headers.vary, 'accept-encoding')
  t.equal(upstream.hits(`/v?cc=${PUBLIC}&vary=accept-encoding`), 1)

  const elsewhere = await app.inject({ method: 'GET', url, headers: { host: 'other.example' } })
  t.equal(elsewhere.headers['x-cache'], 'MISS', 'an answer for one host is not given for another')
  t.equal(upstream.hits(`/v?cc=${PUBLIC}&vary=accept-encoding`), 2)

  const head = await app.inject({ method: 'HEAD', url })
  t.equal(head.statusCode, 200)
  t.equal(head.body, '')
  t.notOk(head.headers['x-cache'], 'HEAD goes to the service')
  t.equal(upstream.hits(`/v?cc=${PUBLIC}&vary=accept-encoding`), 3)
})

t.test('a public answer that breaks off is a 502 nobody keeps, and is not stored', async (t) => {
  // Promises 100 bytes of a public answer, sends 11 and hangs up.
  let asked = 0
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.once('data', () => {
      asked++
      socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncache-control: public, max-age=60\r\netag: "v1"\r\ncontent-length: 100\r\n\r\nthe clinics')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => {
    for (const socket of sockets) socket.destroy()
    return new Promise((resolve) => server.close(resolve))
  })
  const { port } = server.address() as { port: number }
  const { app } = await build(t, { env: { MESSAGING_URL: `http://127.0.0.1:${port}` } })
  for (let i = 1; i <= 2; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/messaging/locations' })
    t.equal(res.statusCode, 502)
    t.match(res.headers['content-type'], /^application\/json/)
    t.equal(res.json().statusCode, 502)
    t.notOk(res.headers['cache-control'], 'not marked public: browsers must not keep the error')
    t.notOk(res.headers.etag)
    t.equal(asked, i, 'asked the service again: nothing was stored')
  }
})

t.test('API_CACHE_MAX_SECONDS=0 turns the cache off', async (t) => {
  const upstream = await startUpstream(t)
  const { app } = await build(t, { env: { MESSAGING_URL: upstream.url, API_CACHE_MAX_SECONDS: '0' } })
  for (let i = 0; i < 3; i++) t.notOk((await app.inject({ method: 'GET', url: `/api/messaging/z?cc=${PUBLIC}` })).headers['x-cache'])
  t.equal(upstream.hits(`/z?cc=${PUBLIC}`), 3)
})

t.test('the least recently used entry leaves first when the cache is full', async (t) => {
  const cache = apiCache({ maxSeconds: 60, maxEntries: 2 })
  const asked = (url: string) => ({ method: 'GET', protocol: 'http', host: 'localhost', url, headers: {} })
  /** Offers an upstream answer for url to the cache, as the proxy does. */
  const fetched = (url: string) => {
    const body = Buffer.from(JSON.stringify({ url }))
    const headers = { 'cache-control': 'public, max-age=60', 'content-length': String(body.length), 'content-type': 'application/json' }
    t.ok(cache.offer(asked(url), { statusCode: 200, headers, body }), `${url} kept`)
  }
  /** Whether the cache answers url itself. */
  const hit = async (url: string) => {
    let sent: unknown
    const reply = { code: () => reply, headers: () => reply, header: () => reply, send: (body: unknown) => ((sent = body), reply) }
    cache.serve(asked(url), reply as unknown as FastifyReply)
    return sent !== undefined
  }
  fetched('/one')
  fetched('/two')
  t.ok(await hit('/one'), '/one is used again, so /two is now the least recently used')
  fetched('/three')
  t.equal(cache.size, 2)
  t.ok(await hit('/one'))
  t.notOk(await hit('/two'), '/two made room')
  t.ok(await hit('/three'))
})

t.test('Cache-Control as a shared cache reads it', async (t) => {
  t.equal(sharedLifetime('public, max-age=300'), 300)
  t.equal(sharedLifetime('public, max-age=300, s-maxage=20'), 20, 's-maxage is for shared caches')
  t.equal(sharedLifetime('Public, Max-Age="60"'), 60, 'case and quotes')
  t.equal(sharedLifetime('max-age=300'), 0, 'only what is marked public')
  t.equal(sharedLifetime('public, max-age=0'), 0)
  t.equal(sharedLifetime('public, no-cache, max-age=60'), 0)
  t.equal(sharedLifetime('public'), 0, 'no lifetime given')
  t.equal(sharedLifetime(undefined), 0)
})
