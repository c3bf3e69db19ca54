import { readFile } from 'node:fs/promises'
import Fastify from 'fastify'
import t, { type Test } from 'tap'
import { validateXML } from 'xmllint-wasm'
import { PUBLIC_PAGES } from '@hearing/contracts'
import { build, testConfig } from './helper.js'

const ORIGIN = 'https://hearing.example.org'
const schemas = {
  urlset: await readFile(new URL('./data/sitemap.xsd', import.meta.url), 'utf8'),
  sitemapindex: await readFile(new URL('./data/siteindex.xsd', import.meta.url), 'utf8'),
}

async function assertValid(t: Test, xml: string, root: keyof typeof schemas) {
  const result = await validateXML({ xml: { fileName: 'sitemap.xml', contents: xml }, schema: { fileName: `${root}.xsd`, contents: schemas[root] } })
  t.ok(result.valid, `valid against the sitemaps.org 0.9 ${root} schema${result.valid ? '' : `: ${result.errors.map((e) => e.message).join('; ')}`}`)
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))

/** A small local stand-in for the catalogue's GET /products (the real route is built on the shop branch). */
async function fakeCatalogue(t: Test, answer: () => { status: number; body: unknown }) {
  const app = Fastify()
  app.get('/products', async (_req, reply) => {
    const { status, body } = answer()
    return reply.code(status).send(body)
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  const { port } = app.server.address() as { port: number }
  return `http://127.0.0.1:${port}`
}

const products = [
  { id: 'gid://shopify/Product/1001', title: 'Phonak Audéo', updated_at: '2026-10-01T12:00:00Z', price: '$2,499.00' },
  { id: 'signia-pure-7ax', title: 'Signia Pure', updated_at: '2026-11-02T08:30:00Z' },
  { id: 'oticon-intent', title: 'Oticon Intent', updated_at: null },
]

t.test('every sitemap is valid sitemaps.org XML with absolute URLs on PUBLIC_URL', async (t) => {
  const catalogue = await fakeCatalogue(t, () => ({ status: 200, body: { products } }))
  const { app } = await build(t, await testConfig(t, { PUBLIC_URL: `${ORIGIN}/`, CATALOGUE_INTERNAL_URL: catalogue }))
  const get = async (type: string) => {
    const res = await app.inject(`/sitemap?type=${type}`)
    t.equal(res.statusCode, 200, `${type}: 200`)
    t.equal(res.headers['content-type'], 'application/xml; charset=utf-8')
    t.equal(res.headers['cache-control'], 'public, max-age=3600')
    t.match(res.body, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/)
    return res.body
  }

  const index = await get('index')
  await assertValid(t, index, 'sitemapindex')
  t.same(locs(index), [`${ORIGIN}/sitemap-main.xml`, `${ORIGIN}/sitemap-articles.xml`, `${ORIGIN}/sitemap-products.xml`])
  t.match(index, /<loc>https:\/\/hearing\.example\.org\/sitemap-products\.xml<\/loc><lastmod>2026-11-02T08:30:00\+00:00<\/lastmod>/, 'products: newest change')
  t.equal((await app.inject('/sitemap')).body, index, 'type defaults to index')

  const main = await get('main')
  await assertValid(t, main, 'urlset')
  // Every page in both languages, each naming both versions (English the default).
  t.same(locs(main), PUBLIC_PAGES.flatMap((p) => [`${ORIGIN}${p}`, `${ORIGIN}${p === '/' ? '/es' : `/es${p}`}`]))
  t.match(main, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')
  t.match(
    main,
    `<url><loc>${ORIGIN}/contact-us</loc><xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/contact-us"/><xhtml:link rel="alternate" hreflang="es" href="${ORIGIN}/es/contact-us"/><xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/contact-us"/></url>`,
  )
  t.match(main, `<url><loc>${ORIGIN}/es</loc><xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/"/>`)

  const articles = await get('articles')
  await assertValid(t, articles, 'urlset')
  const articleUrls = locs(articles)
  t.ok(articleUrls.length >= 12, `${articleUrls.length} articles`)
  t.equal(articleUrls.filter((url) => url.startsWith(`${ORIGIN}/es/resources/`)).length, articleUrls.length / 2, 'each article in both languages')
  for (const url of articleUrls.filter((u) => u.startsWith(`${ORIGIN}/resources/`))) {
    const handle = url.slice(`${ORIGIN}/resources/`.length)
    t.equal((await app.inject(`/articles/${handle}`)).statusCode, 200, `${url} is an article`)
  }
  t.equal((articles.match(/<lastmod>/g) ?? []).length, articleUrls.length, 'every article has its lastmod')

  const productsXml = await get('products')
  await assertValid(t, productsXml, 'urlset')
  t.same(
    locs(productsXml),
    ['gid%3A%2F%2Fshopify%2FProduct%2F1001', 'signia-pure-7ax', 'oticon-intent'].flatMap((id) => [`${ORIGIN}/products/${id}`, `${ORIGIN}/es/products/${id}`]),
  )
  t.equal((productsXml.match(/<lastmod>/g) ?? []).length, 4, 'no lastmod where the catalogue has none (two products, in two languages)')
})

t.test('a bad type is a 400; a catalogue that fails makes the products sitemap 503 with Retry-After', async (t) => {
  let mode: 'down' | 'broken' | 'empty' = 'down'
  const catalogue = await fakeCatalogue(t, () =>
    mode === 'down' ? { status: 503, body: { message: 'down' } } : mode === 'broken' ? { status: 200, body: { items: [] } } : { status: 200, body: { products: [] } },
  )
  const { app } = await build(t, await testConfig(t, { CATALOGUE_INTERNAL_URL: catalogue }))
  const bad = await app.inject('/sitemap?type=pages')
  t.equal(bad.statusCode, 400)
  t.match(bad.json().message, /querystring\.type: must be one of index, main, articles, products/)

  for (const m of ['down', 'broken'] as const) {
    mode = m
    const res = await app.inject('/sitemap?type=products')
    t.equal(res.statusCode, 503, `${m}: 503`)
    t.equal(res.headers['retry-after'], '300')
    const index = await app.inject('/sitemap?type=index')
    t.equal(index.statusCode, 200, 'the index still answers')
    t.match(index.body, /sitemap-products\.xml<\/loc><\/sitemap>/, 'and still lists products, without a lastmod')
  }
  mode = 'empty'
  t.equal((await app.inject('/sitemap?type=products')).statusCode, 404, 'no products: no (invalid) empty urlset')
  t.notMatch((await app.inject('/sitemap?type=index')).body, /sitemap-products/, 'and the index leaves it out')
})
