import { utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import t from 'tap'
import { build, INDEX_HTML } from './helper.js'

/** index.html as served: the build's file with head tags added (without pages.json, generic ones). */
const isSpa = (body: string) => body.startsWith(INDEX_HTML.slice(0, INDEX_HTML.indexOf('</head>'))) && body.endsWith('</head><body><div id="root"></div></body></html>')

t.test("the SPA's routes get index.html with 200, not cached", async (t) => {
  const { app } = await build(t)
  for (const url of ['/', '/about-us', '/about-us/', '/About-Us', '/products/phonak-audeo-l90', '/resources/tinnitus-tips?ref=home']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 200, url)
    t.ok(isSpa(res.body), url)
    t.match(res.headers['content-type'], /^text\/html/)
    t.equal(res.headers['cache-control'], 'no-cache')
  }
})

t.test("any other path gets the SPA's page (which says \"Oops! Page not found\") with status 404", async (t) => {
  const { app } = await build(t)
  for (const url of ['/no-such-page', '/products', '/products/', '/products/a/b', '/about-us/team', '/internal/x', '/assets/', '/assets/gone-123.js']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 404, url)
    t.ok(isSpa(res.body), `${url} renders the SPA`)
    t.equal(res.headers['cache-control'], 'no-cache')
  }
  const head = await app.inject({ method: 'HEAD', url: '/no-such-page' })
  t.equal(head.statusCode, 404, 'HEAD too')
  t.equal((await app.inject({ method: 'HEAD', url: '/about-us' })).statusCode, 200)
})

t.test('other methods on pages get a JSON 404', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'POST', url: '/about-us', payload: { a: 1 } })
  t.equal(res.statusCode, 404)
  t.same(res.json(), { statusCode: 404, error: 'Not Found', message: 'No route for POST /about-us' })
})

t.test('hashed assets are cached for a year, other files revalidated', async (t) => {
  const { app } = await build(t)
  const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
  t.equal(asset.statusCode, 200)
  t.match(asset.headers['content-type'], /javascript/)
  t.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable')
  const icon = await app.inject({ method: 'GET', url: '/favicon.svg' })
  t.equal(icon.statusCode, 200)
  t.equal(icon.headers['cache-control'], 'no-cache')
  const index = await app.inject({ method: 'GET', url: '/index.html' })
  t.equal(index.headers['cache-control'], 'no-cache')
})

t.test('precompressed assets are served to browsers that accept them', async (t) => {
  const { app } = await build(t)
  const br = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
  t.equal(br.statusCode, 200)
  t.equal(br.headers['content-encoding'], 'br')
  t.match(br.headers['content-type'], /javascript/)
  t.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable')
  t.equal(brotliDecompressSync(br.rawPayload).toString(), 'console.log("app")\n')
  const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } })
  t.notOk(plain.headers['content-encoding'])
  t.equal(plain.body, 'console.log("app")\n')
})

t.test('without spa-routes.json only / is a known page', async (t) => {
  const { app } = await build(t, { dist: { routes: false } })
  t.equal((await app.inject({ method: 'GET', url: '/' })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/about-us' })).statusCode, 404)
})

t.test('an unusable spa-routes.json is treated like a missing one', async (t) => {
  const { app, config } = await build(t)
  t.equal((await app.inject({ method: 'GET', url: '/about-us' })).statusCode, 200)
  const routesPath = path.join(config.WEB_DIST_DIR, 'spa-routes.json')
  await writeFile(routesPath, '{"routes": "/about-us"}')
  const later = new Date(Date.now() + 5000)
  await utimes(routesPath, later, later) // a different mtime even on coarse-grained file systems
  t.equal((await app.inject({ method: 'GET', url: '/' })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/about-us' })).statusCode, 404)
})

t.test('without a web build the gateway still runs, says so, and is not ready', async (t) => {
  const { app } = await build(t, { dist: { index: false } })
  const res = await app.inject({ method: 'GET', url: '/' })
  t.equal(res.statusCode, 200)
  t.match(res.body, /web app is not built/)
  t.equal((await app.inject({ method: 'GET', url: '/about-us' })).statusCode, 404)
  const ready = await app.inject({ method: 'GET', url: '/readyz' })
  t.equal(ready.statusCode, 503)
  t.same(ready.json(), { status: 'unavailable', checks: { web: 'down', redis: 'up' } })
  t.equal((await app.inject({ method: 'GET', url: '/api/messaging/locations' })).statusCode, 200, 'the API still works')
})

t.test('a rebuild while running is picked up', async (t) => {
  const { app, config } = await build(t)
  t.match((await app.inject({ method: 'GET', url: '/' })).body, 'app-abc123')
  const rebuilt = INDEX_HTML.replace('app-abc123', 'app-def456')
  const indexPath = path.join(config.WEB_DIST_DIR, 'index.html')
  await writeFile(indexPath, rebuilt)
  await writeFile(path.join(config.WEB_DIST_DIR, 'spa-routes.json'), JSON.stringify(['/', '/contact-us']))
  const later = new Date(Date.now() + 5000)
  await utimes(indexPath, later, later) // a different mtime even on coarse-grained file systems
  t.match((await app.inject({ method: 'GET', url: '/' })).body, 'app-def456')
  t.equal((await app.inject({ method: 'GET', url: '/contact-us' })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/about-us' })).statusCode, 404)
})

t.test('health and readiness', async (t) => {
  const { app } = await build(t)
  const health = await app.inject({ method: 'GET', url: '/healthz' })
  t.equal(health.statusCode, 200)
  t.same(health.json(), { status: 'ok' })
  const ready = await app.inject({ method: 'GET', url: '/readyz' })
  t.equal(ready.statusCode, 200)
  t.same(ready.json(), { status: 'ready', checks: { web: 'up', redis: 'up' } })
})

t.test('a build without pages.json still sends every page a canonical URL, Open Graph tags and a robots directive', async (t) => {
  const { app } = await build(t, { env: { PUBLIC_URL: 'https://www.example.org' } })
  const about = (await app.inject({ method: 'GET', url: '/About-Us/?x=1' })).body
  t.match(about, '<link rel="canonical" href="https://www.example.org/about-us" />', 'the route, not the spelling asked for')
  t.match(about, '<meta name="robots" content="index, follow" />')
  t.match(about, '<meta property="og:title" content="Test SPA" />', "index.html's own title")
  t.match(about, '<meta property="og:url" content="https://www.example.org/about-us" />')
  const product = (await app.inject({ method: 'GET', url: '/products/a&b' })).body
  t.match(product, '<link rel="canonical" href="https://www.example.org/products/a&amp;b" />', 'a :param route names the path asked for')
  const missing = (await app.inject({ method: 'GET', url: '/nope' })).body
  t.match(missing, '<meta name="robots" content="noindex, follow" />')
  t.notMatch(missing, 'rel="canonical"')
})
