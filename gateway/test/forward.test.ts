import { createHash } from 'node:crypto'
import { request } from 'node:http'
import Fastify, { type FastifyInstance } from 'fastify'
import t from 'tap'
import { WHOLE_BODY_BYTES } from '../src/proxy.js'
import { build, type Echo } from './helper.js'

interface TestContext {
  teardown(fn: () => unknown): void
}

/** A service whose answers exercise the proxy: big, unsized (chunked), hop-by-hop headers, HEAD, 204, repeated headers. */
async function startService(t: TestContext) {
  const app = Fastify()
  const big = Buffer.alloc(WHOLE_BODY_BYTES * 3, 'abcdefghij')
  app.get('/big', async (_req, reply) => reply.type('application/octet-stream').send(big))
  app.get('/chunked', (_req, reply) => {
    reply.hijack()
    reply.raw.writeHead(200, { 'content-type': 'text/plain' })
    reply.raw.write('first part, ')
    setTimeout(() => reply.raw.end('second part'), 20)
  })
  // Streams until the client (the gateway) goes away; `ended` resolves when it has.
  let onGone: () => void = () => {}
  const gone = new Promise<void>((resolve) => (onGone = resolve))
  app.get('/endless', (_req, reply) => {
    reply.hijack()
    reply.raw.writeHead(200, { 'content-type': 'text/plain' })
    const timer = setInterval(() => reply.raw.write('more '), 20)
    reply.raw.on('close', () => {
      clearInterval(timer)
      onGone()
    })
  })
  app.get('/hop', async (_req, reply) =>
    reply.header('connection', 'x-private-hop').header('x-private-hop', 'only for the gateway').header('keep-alive', 'timeout=5').send({ ok: true }),
  )
  app.get('/cookies', async (_req, reply) => reply.header('set-cookie', ['a=1; HttpOnly', 'b=2; HttpOnly']).send({ ok: true }))
  app.get('/empty', async (_req, reply) => reply.code(204).send())
  app.head('/sized', async (_req, reply) => reply.header('content-length', '1234').type('application/json').send())
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, big, gone }
}

/** GET through a real socket, the body as bytes (inject would hide how the answer was framed). */
async function get(app: FastifyInstance, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { cookie: 'signed=in' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

t.test('answers larger than the whole-body size, or without a size, are streamed through intact', async (t) => {
  const service = await startService(t)
  const { app } = await build(t, { env: { CATALOGUE_URL: service.url } })
  const big = await get(app, '/api/catalogue/big')
  t.equal(big.status, 200)
  t.equal(big.body.length, service.big.length, 'every byte')
  t.equal(sha(big.body), sha(service.big), 'in order')
  t.ok(big.headers['content-security-policy'], 'security headers on a streamed answer too')
  const chunked = await get(app, '/api/catalogue/chunked')
  t.equal(chunked.body.toString(), 'first part, second part')
  t.equal(chunked.headers['transfer-encoding'], 'chunked', 'unsized: passed on as it comes')
})

t.test('a request with a body, over a real socket, reaches the service and its answer comes back', async (t) => {
  t.setTimeout(15_000) // a request that is never answered fails here rather than hanging the suite
  const { app, upstreams } = await build(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const body = JSON.stringify({ email: 'ada@example.com', password: 'correct horse' })
  const res = await fetch(`http://127.0.0.1:${port}/api/identity/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  t.equal(res.status, 200)
  const echo = (await res.json()) as Echo
  t.equal(echo.method, 'POST')
  t.equal(echo.body, body, 'the body as sent')
  t.equal(upstreams.identity.seen.length, 1, 'sent once')
})

t.test('hop-by-hop headers stay on their hop, both ways', async (t) => {
  const service = await startService(t)
  const { app, upstreams } = await build(t, { env: { CATALOGUE_URL: service.url } })
  const res = await app.inject({
    method: 'GET',
    url: '/api/content/articles',
    headers: { connection: 'keep-alive, x-client-hop', 'x-client-hop': 'secret to the gateway', te: 'trailers', 'x-kept': 'yes' },
  })
  const seen = (res.json() as Echo).headers
  t.notOk('x-client-hop' in seen, 'a header the client named in Connection is not passed on')
  t.notOk('te' in seen)
  t.equal(seen['x-kept'], 'yes', 'others are')
  t.equal(seen.host, new URL(upstreams.content.url).host, "the service is addressed by its own host (the public one is in X-Forwarded-Host)")

  const hop = await app.inject('/api/catalogue/hop')
  t.equal(hop.statusCode, 200)
  t.notOk(hop.headers['x-private-hop'], "a header the service named in Connection does not reach the client")
  t.not(hop.headers['keep-alive'], 'timeout=5', "the service's keep-alive is its own")
})

t.test('repeated headers, HEAD and 204 pass through as the service sent them', async (t) => {
  const service = await startService(t)
  const { app } = await build(t, { env: { CATALOGUE_URL: service.url } })
  const cookies = await app.inject('/api/catalogue/cookies')
  t.same(cookies.headers['set-cookie'], ['a=1; HttpOnly', 'b=2; HttpOnly'], 'each cookie on its own line')
  const head = await app.inject({ method: 'HEAD', url: '/api/catalogue/sized' })
  t.equal(head.statusCode, 200)
  t.equal(head.headers['content-length'], '1234', "HEAD keeps the service's length")
  const empty = await app.inject('/api/catalogue/empty')
  t.equal(empty.statusCode, 204)
  t.equal(empty.body, '')
  t.notOk(empty.headers['content-length'])
})

t.test('a client that goes away in the middle of a streamed answer ends the exchange with the service too', async (t) => {
  t.setTimeout(15_000) // not ended: a hang fails the test (the upstream timeout is far longer)
  const service = await startService(t)
  const { app } = await build(t, { env: { CATALOGUE_URL: service.url, UPSTREAM_TIMEOUT_MS: '120000' } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  await new Promise<void>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/catalogue/endless' }, (res) => {
      res.once('data', () => {
        req.destroy()
        resolve()
      })
    })
    req.on('error', () => {})
    req.on('response', () => {}).on('error', reject).end()
  })
  await service.gone
  t.pass('the service saw its connection end')
})
