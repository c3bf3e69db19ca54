import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { brotliCompressSync } from 'node:zlib'
import { request } from 'node:http'
import { createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, testRedisUrl } from '@hearing/infra/testing'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { configSchema, type Config } from '../src/config.js'
import { SERVICES } from '../src/proxy.js'

interface TestContext {
  teardown(fn: () => unknown): void
}

export type ServiceName = keyof typeof SERVICES
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[]

/** What an echo upstream received, and also what it answers with. */
export interface Echo {
  service: string
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string | null
}

export interface Upstream {
  url: string
  /** Every request that reached this upstream. */
  seen: Echo[]
}

/** A real upstream on a free port that answers every request with what it received. */
export async function startEchoUpstream(t: TestContext, service: string): Promise<Upstream> {
  const seen: Echo[] = []
  const server = Fastify()
  server.removeAllContentTypeParsers()
  server.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))
  // Services redirect site-relative (identity's confirm-email link answers `Location: /`).
  server.get('/redirect-home', async (_req, reply) => reply.redirect('/'))
  server.all('/*', async (req) => {
    const echo: Echo = { service, method: req.method, url: req.url, headers: req.headers, body: (req.body as string | undefined) ?? null }
    seen.push(echo)
    return echo
  })
  await server.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => server.close())
  const { port } = server.server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, seen }
}

/** An upstream that accepts connections and then never says a word, or hangs up once asked. */
export async function startBrokenUpstream(t: TestContext, behaviour: 'silent' | 'hang-up'): Promise<string> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    if (behaviour === 'hang-up') socket.once('data', () => socket.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => {
    for (const socket of sockets) socket.destroy()
    return new Promise((resolve) => server.close(resolve))
  })
  const { port } = server.address() as { port: number }
  return `http://127.0.0.1:${port}`
}

/** An address where nothing listens. */
export async function deadUpstream(): Promise<string> {
  // 127.0.0.2: every test server listens on 127.0.0.1 only, so a port reused meanwhile cannot answer here.
  return `http://127.0.0.2:${await freePort()}`
}

export const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test SPA</title>' +
  '<script type="module" crossorigin src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>'
export const SPA_ROUTES = ['/', '/about-us', '/products/:productId', '/resources/:handle']

/** A tiny stand-in for web/dist, removed after the test. */
export async function fakeWebDist(t: TestContext, { index = true, routes = true } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gateway-dist-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await mkdir(path.join(dir, 'assets'))
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")\n')
  await writeFile(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log("app")\n'))
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n')
  await mkdir(path.join(dir, 'files'))
  await writeFile(path.join(dir, 'files', 'card.pdf'), '%PDF-1.7\n')
  if (index) await writeFile(path.join(dir, 'index.html'), INDEX_HTML)
  if (routes) await writeFile(path.join(dir, 'spa-routes.json'), JSON.stringify(SPA_ROUTES))
  return dir
}

let nameSpaces = 0
/** Rate-limit counters live in the shared test Redis: every app counts in its own key space. */
function uniqueNameSpace(): string {
  return `gateway-test-${process.pid}-${Date.now()}-${++nameSpaces}:`
}

export interface BuildOptions {
  env?: Record<string, string>
  dist?: { index?: boolean; routes?: boolean }
}

/**
 * A gateway in front of five echo upstreams and a fake SPA build, closed after the test.
 * env overrides any variable, e.g. an upstream URL that is down.
 */
export async function build(t: TestContext, { env = {}, dist }: BuildOptions = {}) {
  const upstreams = {} as Record<ServiceName, Upstream>
  for (const name of SERVICE_NAMES) upstreams[name] = await startEchoUpstream(t, name)
  const config: Config = configSchema.parse({
    REDIS_URL: await testRedisUrl(),
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [SERVICES[name], upstreams[name].url])),
    WEB_DIST_DIR: await fakeWebDist(t, dist),
    RATE_LIMIT_PREFIX: uniqueNameSpace(),
    ...env,
  })
  const app = await buildApp(config, { logLevel: false })
  t.teardown(() => app.close())
  return { app, config, upstreams }
}

/**
 * A request whose path goes on the wire exactly as written. inject (light-my-request) parses the
 * URL and so resolves "..", "." and %2e%2e before the gateway sees them, which hides what an
 * attacker's raw request looks like.
 */
export async function rawRequest(app: FastifyInstance, method: string, rawPath: string): Promise<{ statusCode: number; body: string }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: rawPath }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}
