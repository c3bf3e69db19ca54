import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import t from 'tap'
import { articleHeadTags, defaultArticleDescription } from '../src/seo/articles.js'
import { build, deadUpstream } from './helper.js'

interface TestContext {
  teardown(fn: () => unknown): void
}

const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">\n    <!--seo-head-->\n    <title>Practice</title>\n    <!--/seo-head-->\n' +
  '</head><body><div id="root"></div></body></html>'
const routeHead = '<title>Hearing Health Article | North Georgia Hearing Care</title>\n    <meta property="og:site_name" content="North Georgia Hearing Care" data-seo />'
const PAGES = {
  publicUrlPlaceholder: '%PUBLIC_URL%',
  pathPlaceholder: '%PATH%',
  routes: { '/resources/:handle': { head: routeHead }, '/resources': { head: '<title>Resources</title>' } },
  notFound: { head: '<title>Page not found | North Georgia Hearing Care</title>\n    <meta name="robots" content="noindex, follow" data-seo />', file: 'prerendered/404.html' },
  fallback: { head: '<title>Practice</title>' },
}

async function dist(t: TestContext) {
  const dir = await mkdtemp(path.join(tmpdir(), 'gateway-articles-dist-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await mkdir(path.join(dir, 'prerendered'))
  await writeFile(path.join(dir, 'index.html'), SHELL)
  await writeFile(path.join(dir, 'spa-routes.json'), JSON.stringify(['/', '/resources', '/resources/:handle']))
  await writeFile(path.join(dir, 'pages.json'), JSON.stringify(PAGES))
  await writeFile(path.join(dir, 'prerendered', '404.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Oops! Page not found</h1></div>'))
  return dir
}

const ARTICLE = {
  id: 'local:clinical-study:hearing-loss-and-falls',
  handle: 'hearing-loss-and-falls',
  blog: 'clinical-study',
  title: 'Hearing Loss & Falls <2012>',
  image: '/media/articles/hearing-loss-and-falls.svg',
  imageAlt: 'Waves',
  excerpt: 'People with worse hearing "fell" more.',
  author: 'Dr. James Carter, Au.D.',
  publishedAt: '2026-06-24T00:00:00.000Z',
  updatedAt: '2026-06-24T00:00:00.000Z',
  tags: ['Clinical Study', 'Falls'],
  contentHtml: '<p>x</p>',
}

/** A stand-in for the content service: GET /articles/:handle and GET /sitemap?type=. */
async function fakeContent(t: TestContext, state: { down?: boolean } = {}) {
  const app = Fastify()
  const calls: string[] = []
  app.get('/articles/:handle', async (req, reply) => {
    calls.push(req.url)
    if (state.down) return reply.code(502).send({ message: 'down' })
    const { handle } = req.params as { handle: string }
    if (handle === ARTICLE.handle) return ARTICLE
    if (handle === 'no-excerpt') return { ...ARTICLE, handle, excerpt: null, image: null, author: null, tags: [] }
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: "The article you're looking for doesn't exist." })
  })
  app.get('/sitemap', async (req, reply) => {
    calls.push(req.url)
    const { type } = req.query as { type: string }
    if (type === 'products') return reply.code(503).header('retry-after', '300').send({ message: 'later' })
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(`<?xml version="1.0"?><urlset type="${type}"/>`)
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, calls }
}

t.test('an article page is sent with its own head; an unknown handle is HTTP 404 with the app shell', async (t) => {
  const content = await fakeContent(t)
  const { app } = await build(t, { env: { WEB_DIST_DIR: await dist(t), CONTENT_URL: content.url, PUBLIC_URL: 'https://www.example.org' } })

  const res = await app.inject('/resources/hearing-loss-and-falls')
  t.equal(res.statusCode, 200)
  const html = res.body
  t.match(html, '<title>Hearing Loss &amp; Falls &lt;2012&gt; | North Georgia Hearing Care</title>', 'title: the article plus the brand, escaped')
  t.match(html, '<meta name="description" content="People with worse hearing &quot;fell&quot; more." data-seo />')
  t.match(html, '<link rel="canonical" href="https://www.example.org/resources/hearing-loss-and-falls" data-seo />')
  t.match(html, '<meta property="og:type" content="article" data-seo />')
  t.match(html, '<meta property="og:image" content="https://www.example.org/media/articles/hearing-loss-and-falls.svg" data-seo />')
  t.match(html, '<meta property="article:author" content="Dr. James Carter, Au.D." data-seo />')
  t.notMatch(html, '<title>Practice</title>', 'the build’s default head is replaced')
  t.match(html, '<link rel="preload" as="fetch" href="/api/content/articles/hearing-loss-and-falls" crossorigin="anonymous" />', 'the article’s data is asked for with the page')
  const jsonLd = JSON.parse(/<script type="application\/ld\+json" data-seo>(.*?)<\/script>/.exec(html)![1]!)
  t.equal(jsonLd['@graph'][0].headline, 'Hearing Loss & Falls <2012>')
  t.notMatch(/<script type="application\/ld\+json" data-seo>(.*?)<\/script>/.exec(html)![1]!, '<', 'no "<" inside the JSON-LD script')
  t.same(jsonLd['@graph'][1].itemListElement.map((i: { name: string }) => i.name), ['Home', 'Resources', 'Hearing Loss & Falls <2012>'])

  const missing = await app.inject('/resources/no-such-article')
  t.equal(missing.statusCode, 404)
  t.match(missing.body, '<meta name="robots" content="noindex, follow" data-seo />')
  t.match(missing.body, '<div id="root"></div>', 'the app shell: the SPA renders its "Article Not Found" view')
  const malformed = await app.inject('/resources/Not%20A%20Handle')
  t.equal(malformed.statusCode, 404, 'a handle that cannot exist is not even looked up')
  t.notOk(content.calls.some((c) => c.includes('Not')), 'nothing sent to the content service for it')
})

t.test('without an excerpt the description is the default sentence', async (t) => {
  const head = articleHeadTags({ ...ARTICLE, excerpt: null, image: null, author: null, tags: [] }, { origin: 'https://x.example', siteName: 'Brand' })
  t.match(head, `<meta name="description" content="${defaultArticleDescription('Brand')}" data-seo />`)
  t.notMatch(head, 'og:image')
  t.match(head, '<meta name="twitter:card" content="summary" data-seo />')
})

t.test('the content service down: the article page keeps the route head (200), the sitemaps answer 503', async (t) => {
  const content = await fakeContent(t, { down: true })
  const { app } = await build(t, { env: { WEB_DIST_DIR: await dist(t), CONTENT_URL: content.url } })
  const res = await app.inject('/resources/hearing-loss-and-falls')
  t.equal(res.statusCode, 200)
  t.match(res.body, '<title>Hearing Health Article | North Georgia Hearing Care</title>')

  const dead = await build(t, { env: { WEB_DIST_DIR: await dist(t), CONTENT_URL: await deadUpstream() } })
  t.equal((await dead.app.inject('/resources/hearing-loss-and-falls')).statusCode, 200)
  const sitemap = await dead.app.inject('/sitemap.xml')
  t.equal(sitemap.statusCode, 503)
  t.equal(sitemap.headers['retry-after'], '300')
})

t.test('each sitemap URL relays the content service sitemap of its type, with its type and caching', async (t) => {
  const content = await fakeContent(t)
  const { app } = await build(t, { env: { WEB_DIST_DIR: await dist(t), CONTENT_URL: content.url } })
  for (const [url, type] of [
    ['/sitemap.xml', 'index'],
    ['/sitemap-index.xml', 'index'],
    ['/sitemap-main.xml', 'main'],
    ['/sitemap-articles.xml', 'articles'],
  ] as const) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200, url)
    t.equal(res.headers['content-type'], 'application/xml; charset=utf-8')
    t.equal(res.headers['cache-control'], 'public, max-age=3600')
    t.equal(res.body, `<?xml version="1.0"?><urlset type="${type}"/>`)
  }
  const products = await app.inject('/sitemap-products.xml')
  t.equal(products.statusCode, 503, 'a failing source is passed on')
  t.equal(products.headers['retry-after'], '300')
})
