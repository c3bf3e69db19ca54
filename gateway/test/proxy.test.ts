import t from 'tap'
import { build, deadUpstream, rawRequest, SERVICE_NAMES, startBrokenUpstream, type Echo } from './helper.js'

t.test('each /api/<service>/* reaches its own service, prefix stripped, query kept', async (t) => {
  const { app, upstreams } = await build(t)
  for (const name of SERVICE_NAMES) {
    const res = await app.inject({ method: 'GET', url: `/api/${name}/things/42?page=2&tag=hearing%20aids` })
    t.equal(res.statusCode, 200, name)
    const echo = res.json() as Echo
    t.equal(echo.service, name, `${name} answered`)
    t.equal(echo.url, '/things/42?page=2&tag=hearing%20aids', `${name} got the path without /api/${name}`)
  }
  for (const name of SERVICE_NAMES) t.equal(upstreams[name].seen.length, 1, `${name} saw exactly its own request`)

  const root = await app.inject({ method: 'GET', url: '/api/catalogue' })
  t.equal((root.json() as Echo).url, '/', '/api/<service> alone is the service root')
})

t.test('request bodies reach the service byte for byte, whatever their type', async (t) => {
  const { app } = await build(t)
  const bodies = [
    { method: 'POST', type: 'application/json', payload: '{"email":  "a@example.org", "n": 12345678901234567890}' },
    { method: 'PUT', type: 'application/x-www-form-urlencoded', payload: 'name=Ann&message=Hello%20there' },
    { method: 'PATCH', type: 'text/plain; charset=utf-8', payload: 'just text' },
  ] as const
  for (const { method, type, payload } of bodies) {
    const res = await app.inject({ method, url: '/api/identity/profile', headers: { 'content-type': type }, payload })
    t.equal(res.statusCode, 200, method)
    const echo = res.json() as Echo
    t.equal(echo.method, method)
    t.equal(echo.body, payload, `${type} body unchanged`)
    t.equal(echo.headers['content-type'], type)
  }
})

t.test('client-sent identity, internal and forwarding headers never reach a service', async (t) => {
  const { app } = await build(t)
  const forged = {
    'x-forwarded-for': '203.0.113.9',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    forwarded: 'for=203.0.113.9',
    'x-real-ip': '203.0.113.9',
    'x-client-ip': '203.0.113.9',
    'true-client-ip': '203.0.113.9',
    'cf-connecting-ip': '203.0.113.9',
    'x-user-id': 'admin-1',
    'x-user-role': 'admin',
    'x-user-email': 'boss@example.org',
    'x-internal-token': 'guessed-secret',
    'x-request-id': 'forged-request-id-123',
  }
  const res = await app.inject({
    method: 'GET',
    url: '/api/scheduling/appointments',
    headers: { ...forged, authorization: 'Bearer some.jwt.token', cookie: 'refresh=abc' },
  })
  t.equal(res.statusCode, 200)
  const seen = (res.json() as Echo).headers
  t.equal(seen['x-forwarded-for'], '127.0.0.1', 'the real peer address, not the forged one')
  t.equal(seen['x-forwarded-proto'], 'http')
  t.equal(seen['x-forwarded-host'], 'localhost:80', 'the Host the client used')
  t.equal(seen['x-request-id'], res.headers['x-request-id'], "the gateway's request id")
  t.not(seen['x-request-id'], forged['x-request-id'])
  for (const name of ['x-forwarded-port', 'forwarded', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'x-user-id', 'x-user-role', 'x-user-email', 'x-internal-token']) {
    t.notOk(name in seen, `${name} removed`)
  }
  t.equal(seen.authorization, 'Bearer some.jwt.token', 'services verify tokens themselves')
  t.equal(seen.cookie, 'refresh=abc')
})

t.test('behind a trusted proxy, its X-Forwarded-For and -Proto are believed', async (t) => {
  const { app } = await build(t, { env: { TRUSTED_PROXIES: '127.0.0.1' } })
  const res = await app.inject({
    method: 'GET',
    url: '/api/content/articles',
    headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-user-id': 'admin-1' },
  })
  const seen = (res.json() as Echo).headers
  t.equal(seen['x-forwarded-for'], '203.0.113.9')
  t.equal(seen['x-forwarded-proto'], 'https')
  t.notOk('x-user-id' in seen, 'identity headers are dropped even from a trusted proxy')
})

t.test('every response carries a request id made by the gateway', async (t) => {
  const { app } = await build(t)
  const ids = []
  for (const url of ['/api/messaging/locations', '/', '/no-such-page', '/api/nope']) {
    const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'client-chosen-id-42' } })
    t.match(res.headers['x-request-id'], /^[0-9a-f-]{36}$/, `${url} has a gateway id`)
    ids.push(res.headers['x-request-id'])
  }
  t.equal(new Set(ids).size, ids.length, 'one id per request')
})

t.test('/internal routes of services are never reachable, however the path is spelled', async (t) => {
  const { app, upstreams } = await build(t)
  const paths = [
    '/api/messaging/internal/contacts',
    '/api/messaging/internal',
    '/api/messaging/internal/',
    '/api/identity/internal/users?id=1',
    '/api/messaging/INTERNAL/contacts',
    '/api/messaging/Internal/contacts',
    '/api/messaging/%69nternal/contacts',
    '/api/messaging/%49NTERNAL/contacts',
    '/api/messaging/%2569nternal/contacts',
    '/api/messaging//internal/contacts',
    '/api/messaging/./internal/contacts',
    '/api/messaging/x/../internal/contacts',
    '/api/messaging/x/%2e%2e/internal/contacts',
    '/api/messaging/x%2f..%2finternal/contacts',
    '/api/messaging/internal;jsessionid=1/contacts',
    '/api/content/../identity/internal/users',
  ]
  for (const path of paths) {
    for (const method of ['GET', 'POST']) {
      // Sent raw: inject would resolve the dot segments before the gateway saw them.
      const res = await rawRequest(app, method, path)
      t.equal(res.statusCode, 404, `${method} ${path}`)
      t.match(JSON.parse(res.body), { statusCode: 404, error: 'Not Found' })
    }
  }
  for (const name of SERVICE_NAMES) t.same(upstreams[name].seen, [], `${name} never saw any of them`)
})

t.test("no service's OpenAPI document is served to the public", async (t) => {
  const { app, upstreams } = await build(t)
  for (const name of SERVICE_NAMES) {
    for (const path of [`/api/${name}/openapi.json`, `/api/${name}/OPENAPI.JSON`, `/api/${name}/%6Fpenapi.json?x=1`, `/api/${name}/x/../openapi.json`]) {
      const res = await rawRequest(app, 'GET', path)
      t.equal(res.statusCode, 404, path)
      t.match(JSON.parse(res.body), { statusCode: 404, error: 'Not Found' })
    }
  }
  for (const name of SERVICE_NAMES) t.same(upstreams[name].seen, [], `${name} never saw any of them`)
})

t.test('other ambiguous paths are refused, paths merely mentioning "internal" are not', async (t) => {
  const { app, upstreams } = await build(t)
  for (const path of ['/api/messaging/a%2fb', '/api/messaging/a%5cb', '/api/messaging/a\\b', '/api/content/../identity/users', '/api/content/a//b', '/api/content/%zz']) {
    const res = await rawRequest(app, 'GET', path)
    t.equal(res.statusCode, 400, path)
    t.same(JSON.parse(res.body), { statusCode: 400, error: 'Bad Request', message: 'This address is not valid.' })
  }
  for (const name of SERVICE_NAMES) t.same(upstreams[name].seen, [], `${name} saw none of them`)

  for (const url of ['/api/content/articles/internal', '/api/content/internal-medicine', '/api/content/articles/50%25-off']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 200, url)
  }
  t.equal(upstreams.content.seen.length, 3)
})

t.test("a service's site-relative redirect reaches the browser unchanged", async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/identity/redirect-home' })
  t.equal(res.statusCode, 302)
  t.equal(res.headers.location, '/', 'not rewritten to /api/identity/')
})

t.test('unknown /api paths answer a JSON 404', async (t) => {
  const { app } = await build(t)
  for (const url of ['/api/nope/x', '/api', '/api/', '/api/Identity/me']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 404, url)
    t.match(res.headers['content-type'], /^application\/json/)
    t.match(res.json(), { statusCode: 404, error: 'Not Found', message: /^No route for GET / })
  }
})

t.test('an upstream that is down answers 503 at once; the others keep working', async (t) => {
  t.setTimeout(10_000) // a hang fails the test
  const { app } = await build(t, { env: { SCHEDULING_URL: await deadUpstream() } })
  const res = await app.inject({ method: 'GET', url: '/api/scheduling/availability' })
  t.equal(res.statusCode, 503)
  t.equal(res.headers['retry-after'], '5', 'it says when to come back')
  t.same(res.json(), {
    statusCode: 503,
    error: 'Service Unavailable',
    message: 'This part of the site is temporarily unavailable. Please try again shortly.',
  })
  const post = await app.inject({ method: 'POST', url: '/api/scheduling/bookings', payload: { a: 1 } })
  t.equal(post.statusCode, 503, 'POST too')
  t.equal(post.headers['retry-after'], '5')
  t.equal((await app.inject({ method: 'GET', url: '/api/catalogue/products' })).statusCode, 200)
})

t.test('an upstream that accepts but never answers gives 504 after UPSTREAM_TIMEOUT_MS', async (t) => {
  t.setTimeout(10_000)
  const { app } = await build(t, { env: { CONTENT_URL: await startBrokenUpstream(t, 'silent'), UPSTREAM_TIMEOUT_MS: '200' } })
  const res = await app.inject({ method: 'GET', url: '/api/content/articles' })
  t.equal(res.statusCode, 504)
  t.match(res.json(), { statusCode: 504, error: 'Gateway Timeout', message: /too long/ })
})

t.test('an upstream that hangs up without answering gives 502', async (t) => {
  t.setTimeout(10_000)
  const { app } = await build(t, { env: { IDENTITY_URL: await startBrokenUpstream(t, 'hang-up') } })
  const res = await app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email: 'a@example.org' } })
  t.equal(res.statusCode, 502)
  t.match(res.json(), { statusCode: 502, error: 'Bad Gateway', message: /Please try again shortly/ })
})

t.test('a body over BODY_LIMIT_BYTES is refused with 413 and never forwarded', async (t) => {
  const { app, upstreams } = await build(t, { env: { BODY_LIMIT_BYTES: '1024' } })
  const big = await app.inject({ method: 'POST', url: '/api/messaging/messages', headers: { 'content-type': 'text/plain' }, payload: 'x'.repeat(2000) })
  t.equal(big.statusCode, 413)
  t.match(big.json(), { statusCode: 413, error: 'Payload Too Large' })
  const bigJson = await app.inject({ method: 'POST', url: '/api/messaging/messages', payload: { text: 'x'.repeat(2000) } })
  t.equal(bigJson.statusCode, 413, 'JSON too')
  t.same(upstreams.messaging.seen, [])

  const small = await app.inject({ method: 'POST', url: '/api/messaging/messages', headers: { 'content-type': 'text/plain' }, payload: 'x'.repeat(1000) })
  t.equal(small.statusCode, 200)
  t.equal(upstreams.messaging.seen.length, 1)
})
