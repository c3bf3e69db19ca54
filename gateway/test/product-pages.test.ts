import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import t from 'tap'
import { defaultProductDescription, productHeadTags } from '../src/seo/products.js'
import { build, deadUpstream } from './helper.js'

interface TestContext {
  teardown(fn: () => unknown): void
}

const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">\n    <!--seo-head-->\n    <title>Practice</title>\n    <!--/seo-head-->\n' +
  '</head><body><div id="root"></div></body></html>'
const routeHead =
  '<title>Hearing Aid | North Georgia Hearing Care</title>\n    <meta property="og:site_name" content="North Georgia Hearing Care" data-seo />\n' +
  '    <link rel="preload" as="fetch" href="/api/catalogue%PATH%" crossorigin="anonymous" />'
const PAGES = {
  publicUrlPlaceholder: '%PUBLIC_URL%',
  pathPlaceholder: '%PATH%',
  routes: { '/products/:productId': { head: routeHead }, '/products': { head: '<title>Hearing Aids</title>' } },
  notFound: { head: '<title>Page not found | North Georgia Hearing Care</title>\n    <meta name="robots" content="noindex, follow" data-seo />', file: 'prerendered/404.html' },
  fallback: { head: '<title>Practice</title>' },
}

async function dist(t: TestContext) {
  const dir = await mkdtemp(path.join(tmpdir(), 'gateway-products-dist-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await mkdir(path.join(dir, 'prerendered'))
  await writeFile(path.join(dir, 'index.html'), SHELL)
  await writeFile(path.join(dir, 'spa-routes.json'), JSON.stringify(['/', '/products', '/products/:productId']))
  await writeFile(path.join(dir, 'pages.json'), JSON.stringify(PAGES))
  await writeFile(path.join(dir, 'prerendered', '404.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Oops! Page not found</h1></div>'))
  return dir
}

const PRODUCT = {
  id: 'phonak-audeo-sphere-infinio-90',
  title: 'Phonak Audéo Sphere <Infinio> 90',
  brand: 'Phonak',
  price: '$3299.00',
  comparePrice: '$3799.00',
  images: ['/media/products/phonak-audeo-sphere-1.svg', '/media/products/phonak-audeo-sphere-2.svg'],
  description: 'Separates "speech" from noise.',
  features: ['Speech clarity'],
  warranty: '3 years',
  rating: 4.8,
  reviews: 126,
  shopifyVariantId: 'local-1',
  updated_at: '2026-11-23T00:00:00.000Z',
}

/** A stand-in for the catalogue's GET /products/:id. */
async function fakeCatalogue(t: TestContext, state: { down?: boolean } = {}) {
  const app = Fastify()
  const calls: string[] = []
  app.get('/products/:id', async (req, reply) => {
    calls.push(req.url)
    if (state.down) return reply.code(502).send({ message: 'down' })
    const { id } = req.params as { id: string }
    if (id === PRODUCT.id) return PRODUCT
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Product not found.' })
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  return { url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, calls }
}

const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json" data-seo>(.*?)<\/script>/.exec(html)![1]!)

t.test('a product page is sent with its own head and Product JSON-LD; an unknown id is HTTP 404 with the app shell', async (t) => {
  const catalogue = await fakeCatalogue(t)
  const { app } = await build(t, { env: { WEB_DIST_DIR: await dist(t), CATALOGUE_URL: catalogue.url, PUBLIC_URL: 'https://www.example.org' } })

  const res = await app.inject('/products/phonak-audeo-sphere-infinio-90')
  t.equal(res.statusCode, 200)
  const html = res.body
  t.match(html, '<title>Phonak Audéo Sphere &lt;Infinio&gt; 90 | North Georgia Hearing Care</title>', 'title: the product plus the brand, escaped')
  t.match(html, '<meta name="description" content="Separates &quot;speech&quot; from noise." data-seo />')
  t.match(html, '<link rel="canonical" href="https://www.example.org/products/phonak-audeo-sphere-infinio-90" data-seo />')
  t.match(html, '<meta property="og:type" content="product" data-seo />')
  t.match(html, '<meta property="og:image" content="https://www.example.org/media/products/phonak-audeo-sphere-1.svg" data-seo />')
  t.notMatch(html, '<title>Practice</title>', 'the build’s default head is replaced')
  t.match(html, '<link rel="preload" as="fetch" href="/api/catalogue/products/phonak-audeo-sphere-infinio-90" crossorigin="anonymous" />', 'the route’s data preload is kept, for this product')
  t.match(html, '<link rel="preload" as="image" href="/media/products/phonak-audeo-sphere-1.svg" fetchpriority="high" />', 'its first image is asked for with the page')

  const [product, breadcrumbs] = jsonLdOf(html)['@graph']
  t.match(product, {
    '@type': 'Product',
    name: 'Phonak Audéo Sphere <Infinio> 90',
    sku: 'phonak-audeo-sphere-infinio-90',
    brand: { '@type': 'Brand', name: 'Phonak' },
    image: ['https://www.example.org/media/products/phonak-audeo-sphere-1.svg', 'https://www.example.org/media/products/phonak-audeo-sphere-2.svg'],
    offers: {
      '@type': 'Offer',
      price: '3299.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: 'https://www.example.org/products/phonak-audeo-sphere-infinio-90',
      priceSpecification: { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/ListPrice', price: '3799.00', priceCurrency: 'USD' },
    },
  })
  t.notOk('aggregateRating' in product, 'no review stars from catalogue figures')
  t.same(breadcrumbs.itemListElement.map((i: { name: string }) => i.name), ['Home', 'Hearing Aids', 'Phonak Audéo Sphere <Infinio> 90'])
  t.notMatch(/<script type="application\/ld\+json" data-seo>(.*?)<\/script>/.exec(html)![1]!, '<', 'no "<" inside the JSON-LD script')

  const missing = await app.inject('/products/no-such-product')
  t.equal(missing.statusCode, 404, 'an unknown product answers 404')
  t.match(missing.body, '<meta name="robots" content="noindex, follow" data-seo />')
  t.match(missing.body, '<div id="root"></div>', 'the app shell: the SPA renders its "Product Not Found" view')
  t.equal((await app.inject(`/products/${'x'.repeat(201)}`)).statusCode, 404, 'an id longer than any product id is not looked up')
  t.notOk(catalogue.calls.some((c) => c.includes('xxxx')), 'nothing sent to the catalogue for it')
})

t.test('no description: a generic sentence; no price: no Offer', async (t) => {
  const head = productHeadTags({ ...PRODUCT, description: '  ', price: 'Call us', comparePrice: undefined }, { origin: 'https://x.example', siteName: 'Brand' })
  t.match(head, `<meta name="description" content="${defaultProductDescription(PRODUCT, 'Brand').replace(/</g, '&lt;').replace(/>/g, '&gt;')}" data-seo />`)
  t.notOk('offers' in jsonLdOf(head)['@graph'][0], 'an Offer needs a price above zero')
  t.notMatch(head, 'product:price:amount')
})

t.test('the catalogue down: the product page keeps the route head with 200 (the page shows its own error)', async (t) => {
  const catalogue = await fakeCatalogue(t, { down: true })
  const { app } = await build(t, { env: { WEB_DIST_DIR: await dist(t), CATALOGUE_URL: catalogue.url } })
  const res = await app.inject('/products/phonak-audeo-sphere-infinio-90')
  t.equal(res.statusCode, 200)
  t.match(res.body, '<title>Hearing Aid | North Georgia Hearing Care</title>')
  const dead = await build(t, { env: { WEB_DIST_DIR: await dist(t), CATALOGUE_URL: await deadUpstream() } })
  t.equal((await dead.app.inject('/products/phonak-audeo-sphere-infinio-90')).statusCode, 200)
})

t.test("a product's pre-rendered loading page links to the product itself in the other language, not to the build's placeholder", async (t) => {
  const dir = await dist(t)
  const loading = SHELL.replace('<div id="root"></div>', '<div id="root"><a href="/es/products/__loading__" hreflang="es">Español</a><p>Loading…</p></div>')
  await mkdir(path.join(dir, 'prerendered', 'products'))
  await writeFile(path.join(dir, 'prerendered', 'products', 'loading.html'), loading)
  const pages = { ...PAGES, routes: { ...PAGES.routes, '/products/:productId': { head: routeHead, file: 'prerendered/products/loading.html' } } }
  await writeFile(path.join(dir, 'pages.json'), JSON.stringify(pages))
  const state = { down: false }
  const catalogue = await fakeCatalogue(t, state)
  const { app } = await build(t, { env: { WEB_DIST_DIR: dir, CATALOGUE_URL: catalogue.url, PUBLIC_URL: 'https://www.example.org' } })

  const found = await app.inject('/products/phonak-audeo-sphere-infinio-90')
  t.equal(found.statusCode, 200)
  t.match(found.body, '<a href="/es/products/phonak-audeo-sphere-infinio-90" hreflang="es">Español</a>', 'the Spanish page of this product')
  t.notMatch(found.body, '__loading__')

  state.down = true // the catalogue cannot say: the route's own head, the same link
  const unsure = await app.inject("/products/a&b'c")
  t.equal(unsure.statusCode, 200)
  t.match(unsure.body, '<a href="/es/products/a&amp;b&#39;c" hreflang="es">', 'what the address held, HTML-escaped')
})
