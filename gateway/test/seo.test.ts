import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { build } from './helper.js'

/**
 * A web build as the pre-rendering step writes it (web/scripts/prerender.mjs): index.html with a
 * head block, pages.json with the head of every route, pre-rendered pages with placeholders.
 */
const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">\n    <!--seo-head-->\n    <title>Practice</title>\n    <!--/seo-head-->\n' +
  '<script type="module" crossorigin src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>'

const head = (title: string, robots: string, canonical: string | null, jsonLd?: object) =>
  [
    `<title>${title}</title>`,
    `<meta name="description" content="About ${title}" data-seo />`,
    `<meta name="robots" content="${robots}" data-seo />`,
    canonical === null ? '' : `<link rel="canonical" href="%PUBLIC_URL%${canonical}" data-seo />`,
    `<meta property="og:title" content="${title}" data-seo />`,
    canonical === null ? '' : `<meta property="og:url" content="%PUBLIC_URL%${canonical}" data-seo />`,
    jsonLd ? `<script type="application/ld+json" data-seo>${JSON.stringify(jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ')

const page = (headTags: string, body: string) =>
  SHELL.replace(/<!--seo-head-->[\s\S]*<!--\/seo-head-->/, `<!--seo-head-->\n    ${headTags}\n    <!--/seo-head-->`).replace(
    '<div id="root"></div>',
    `<div id="root">${body}</div>`,
  )

const CLINIC = { '@context': 'https://schema.org', '@type': 'MedicalClinic', '@id': '%PUBLIC_URL%/locations#gainesville' }
// Long enough to be sent compressed.
const FILLER = '<p>Hearing care.</p>'.repeat(100)

const PAGES = {
  publicUrlPlaceholder: '%PUBLIC_URL%',
  pathPlaceholder: '%PATH%',
  routes: {
    '/': { head: head('Home', 'index, follow', '/'), file: 'prerendered/index.html' },
    '/locations': { head: head('Our Locations', 'index, follow', '/locations', CLINIC), file: 'prerendered/locations.html' },
    '/resources': { head: head('Resources', 'index, follow', '/resources'), file: 'prerendered/resources.html', dependsOnQuery: true },
    '/auth': { head: head('Sign In', 'noindex, nofollow', '/auth') },
    '/products/:productId': { head: head('Hearing Aid', 'index, follow', '%PATH%') },
    // Spanish twins (web/src/i18n/locale.ts): the head names /es + the English path.
    '/es/auth': { head: head('Iniciar sesión', 'noindex, nofollow', '/es/auth'), lang: 'es' },
    '/es/products/:productId': { head: head('Audífono', 'index, follow', '/es%PATH%'), lang: 'es' },
  },
  notFound: { head: head('Page not found', 'noindex, follow', null), file: 'prerendered/404.html' },
  spanishNotFound: { head: head('Página no encontrada', 'noindex, follow', null), file: 'prerendered/es/404.html', lang: 'es' },
  fallback: { head: head('Practice', 'index, follow', '%PATH%') },
}

interface TestContext {
  teardown(fn: () => unknown): void
}

async function seoDist(t: TestContext): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gateway-seo-dist-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await mkdir(path.join(dir, 'assets'))
  await mkdir(path.join(dir, 'prerendered'))
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")\n')
  await writeFile(path.join(dir, 'index.html'), SHELL)
  // /products/featured is static and listed after the :param route: it must still win.
  await writeFile(path.join(dir, 'spa-routes.json'), JSON.stringify(['/', '/products/:productId', '/products/featured', '/locations', '/resources', '/auth', '/es/auth', '/es/products/:productId']))
  await writeFile(path.join(dir, 'pages.json'), JSON.stringify(PAGES))
  await writeFile(path.join(dir, 'prerendered', 'index.html'), page(PAGES.routes['/'].head, `<h1>Welcome home</h1>${FILLER}`))
  await writeFile(path.join(dir, 'prerendered', 'locations.html'), page(PAGES.routes['/locations'].head, '<h1>Our offices</h1>'))
  await writeFile(path.join(dir, 'prerendered', 'resources.html'), page(PAGES.routes['/resources'].head, '<h1>Articles</h1>'))
  await writeFile(path.join(dir, 'prerendered', '404.html'), page(PAGES.notFound.head, '<h1>Oops! Page not found</h1>'))
  await mkdir(path.join(dir, 'prerendered', 'es'))
  await writeFile(
    path.join(dir, 'prerendered', 'es', '404.html'),
    page(PAGES.spanishNotFound.head, '<h1>¡Uy! Página no encontrada</h1>').replace('<html lang="en">', '<html lang="es">'),
  )
  return dir
}

async function seoGateway(t: TestContext, env: Record<string, string> = { PUBLIC_URL: 'https://www.example.org/' }) {
  const dir = await seoDist(t)
  const gateway = await build(t, { env: { WEB_DIST_DIR: dir, ...env } })
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await gateway.app.inject({ method: 'GET', url, headers })
    return { status: res.statusCode, body: res.body, headers: res.headers, raw: res.rawPayload }
  }
  return { ...gateway, dir, get }
}

const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]
const title = (html: string) => tag(html, /<title>([^<]*)<\/title>/)
const canonical = (html: string) => tag(html, /<link rel="canonical" href="([^"]*)"/)
const robots = (html: string) => tag(html, /<meta name="robots" content="([^"]*)"/)

t.test('a pre-rendered page arrives with its content and its own head, naming the public URL', async (t) => {
  const { get } = await seoGateway(t)
  const home = await get('/')
  t.equal(home.status, 200)
  t.match(home.body, '<div id="root"><h1>Welcome home</h1>', 'the page content is in the HTML, before any script runs')
  t.equal(title(home.body), 'Home')
  t.equal(canonical(home.body), 'https://www.example.org/', 'PUBLIC_URL (its origin) replaces the placeholder')
  t.match(home.body, '<meta property="og:url" content="https://www.example.org/"')
  t.equal(robots(home.body), 'index, follow')
  t.notMatch(home.body, '%PUBLIC_URL%')
  t.equal(home.headers['cache-control'], 'no-cache')

  const locations = await get('/Locations/')
  t.equal(locations.status, 200, 'case and a trailing slash do not matter, as in the SPA router')
  t.match(locations.body, '<h1>Our offices</h1>')
  t.equal(canonical(locations.body), 'https://www.example.org/locations', 'the canonical URL is the route, not the spelling asked for')
  const jsonLd = JSON.parse(tag(locations.body, /<script type="application\/ld\+json" data-seo>([^<]*)<\/script>/) ?? 'null') as { '@id': string }
  t.equal(jsonLd['@id'], 'https://www.example.org/locations#gainesville', 'JSON-LD names the public URL too')
})

t.test('pages that are not pre-rendered get the app shell with their own head tags', async (t) => {
  const { get } = await seoGateway(t)
  const auth = await get('/auth?redirectTo=%2Fprofile')
  t.equal(auth.status, 200)
  t.match(auth.body, '<div id="root"></div>', 'rendered in the browser')
  t.equal(title(auth.body), 'Sign In')
  t.equal(robots(auth.body), 'noindex, nofollow')
  t.equal(canonical(auth.body), 'https://www.example.org/auth', 'no query string in the canonical URL')
  t.notMatch(auth.body, '<title>Practice</title>', "the shell's own head block is replaced")

  const product = await get('/products/phonak-audeo?ref=home')
  t.equal(product.status, 200)
  t.equal(title(product.body), 'Hearing Aid')
  t.equal(canonical(product.body), 'https://www.example.org/products/phonak-audeo', 'a :param route names the requested path')
  t.match(product.body, '<meta property="og:url" content="https://www.example.org/products/phonak-audeo"')

  const odd = await get('/products/a&b%22c')
  t.equal(canonical(odd.body), 'https://www.example.org/products/a&amp;b%22c', 'the path is HTML-escaped')

  const featured = await get('/products/featured')
  t.equal(title(featured.body), 'Practice', 'a static route beats a :param route listed before it (fallback head: no entry of its own)')
})

t.test('Spanish pages (/es/…) arrive with <html lang="es">, their own head and the Spanish 404 page', async (t) => {
  const { get } = await seoGateway(t)
  const auth = await get('/es/auth')
  t.equal(auth.status, 200)
  t.match(auth.body, '<html lang="es">', 'the shell says the page is Spanish')
  t.equal(title(auth.body), 'Iniciar sesión')
  t.equal(canonical(auth.body), 'https://www.example.org/es/auth')

  const product = await get('/es/products/phonak-audeo')
  t.equal(product.status, 200)
  t.equal(canonical(product.body), 'https://www.example.org/es/products/phonak-audeo', 'the path placeholder is the English path, once prefixed')

  const missing = await get('/es/no-such-page')
  t.equal(missing.status, 404)
  t.match(missing.body, '<html lang="es">')
  t.match(missing.body, '¡Uy! Página no encontrada')

  const english = await get('/auth')
  t.match(english.body, '<html lang="en">', 'English pages stay English')
  const englishMissing = await get('/no-such-page')
  t.match(englishMissing.body, 'Oops! Page not found')
})

t.test('a page that depends on its query string is pre-rendered only without one', async (t) => {
  const { get } = await seoGateway(t)
  const plain = await get('/resources')
  t.match(plain.body, '<h1>Articles</h1>')
  const tab = await get('/resources?type=clinical-studies')
  t.equal(tab.status, 200)
  t.match(tab.body, '<div id="root"></div>', 'the browser renders the tab the query asks for')
  t.equal(title(tab.body), 'Resources')
  t.equal(canonical(tab.body), 'https://www.example.org/resources')
})

t.test('an unknown path gets the pre-rendered 404 page: status 404, noindex, no canonical URL', async (t) => {
  const { get } = await seoGateway(t)
  for (const url of ['/no-such-page', '/products', '/products/a/b']) {
    const res = await get(url)
    t.equal(res.status, 404, url)
    t.match(res.body, '<h1>Oops! Page not found</h1>')
    t.equal(title(res.body), 'Page not found')
    t.equal(robots(res.body), 'noindex, follow')
    t.equal(canonical(res.body), undefined)
  }
  const direct = await get('/prerendered/index.html')
  t.equal(direct.status, 404, 'pre-rendered files are not served as files (the placeholders would show)')
  t.match(direct.body, 'Oops! Page not found')
})

t.test('pages are sent compressed to browsers that accept it', async (t) => {
  const { get } = await seoGateway(t)
  const plain = await get('/', { 'accept-encoding': 'identity' })
  t.notOk(plain.headers['content-encoding'])
  t.equal(plain.headers.vary, 'accept-encoding')

  const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' })
  t.equal(br.headers['content-encoding'], 'br')
  t.equal(br.headers.vary, 'accept-encoding')
  t.equal(brotliDecompressSync(br.raw).toString(), plain.body)
  t.ok(br.raw.length < plain.body.length / 2, 'much smaller')

  const gzip = await get('/', { 'accept-encoding': 'gzip, br;q=0' })
  t.equal(gzip.headers['content-encoding'], 'gzip')
  t.equal(gunzipSync(gzip.raw).toString(), plain.body)

  const again = await get('/', { 'accept-encoding': 'br' })
  t.same(again.raw, br.raw, 'same bytes the second time (cached)')

  const small = await get('/auth', { 'accept-encoding': 'br' })
  t.notOk(small.headers['content-encoding'], 'a small page is not worth compressing')
})

t.test('robots.txt allows everything and points at the sitemap on the public URL', async (t) => {
  const { get } = await seoGateway(t)
  const res = await get('/robots.txt')
  t.equal(res.status, 200)
  t.match(res.headers['content-type'], /^text\/plain/)
  t.equal(res.body, 'User-agent: *\nAllow: /\n\nSitemap: https://www.example.org/sitemap.xml\n')
})

t.test('without PUBLIC_URL the site is named http://localhost:<PORT>', async (t) => {
  const { get } = await seoGateway(t, { PORT: '8123' })
  t.match((await get('/robots.txt')).body, 'Sitemap: http://localhost:8123/sitemap.xml')
  t.equal(canonical((await get('/locations')).body), 'http://localhost:8123/locations')
})

t.test('a rebuild with new pages is picked up while running', async (t) => {
  const { get, dir } = await seoGateway(t)
  t.equal(title((await get('/auth')).body), 'Sign In')
  const pages = { ...PAGES, routes: { ...PAGES.routes, '/auth': { head: head('Welcome', 'noindex, nofollow', '/auth') } } }
  const pagesPath = path.join(dir, 'pages.json')
  await writeFile(pagesPath, JSON.stringify(pages))
  const later = new Date(Date.now() + 5000)
  await utimes(pagesPath, later, later) // a different mtime even on coarse-grained file systems
  t.equal(title((await get('/auth')).body), 'Welcome')
})

t.test('an unusable pages.json leaves pages as index.html has them', async (t) => {
  const { get, dir } = await seoGateway(t)
  await writeFile(path.join(dir, 'pages.json'), JSON.stringify({ routes: { '/': { file: 'prerendered/index.html' } } }))
  const later = new Date(Date.now() + 5000)
  await utimes(path.join(dir, 'pages.json'), later, later)
  const home = await get('/')
  t.equal(home.status, 200)
  t.match(home.body, '<div id="root"></div>', 'the app shell')
  t.equal(title(home.body), 'Practice', "index.html's own head")
  t.equal(canonical(home.body), 'https://www.example.org/', 'with the generic tags every page gets')
  const escape = { ...PAGES, notFound: { head: 'x', file: '../../etc/passwd' } }
  await writeFile(path.join(dir, 'pages.json'), JSON.stringify(escape))
  const later2 = new Date(Date.now() + 10_000)
  await utimes(path.join(dir, 'pages.json'), later2, later2)
  const refused = await get('/nope')
  t.notMatch(refused.body, 'Page not found', 'files outside prerendered/ are refused')
  t.equal(robots(refused.body), 'noindex, follow')
})
