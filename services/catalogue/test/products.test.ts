import t from 'tap'
import { catalogueDataSchema, loadCatalogueData } from '../src/catalogue-data.js'
import { build } from './helper.js'

t.test('the data file is a valid catalogue: a dozen or more products, unitron empty', async (t) => {
  const products = loadCatalogueData()
  t.ok(products.length >= 12)
  for (const brand of ['phonak', 'signia', 'oticon', 'best-sellers']) t.ok(products.some((p) => p.collections.includes(brand as never)), brand)
  t.notOk(products.some((p) => p.collections.includes('unitron')), 'unitron is coming soon')
  const bad = catalogueDataSchema.safeParse({ products: [{ ...products[0], price: -1 }] })
  t.notOk(bad.success, 'a negative price is rejected on load')
  t.notOk(catalogueDataSchema.safeParse({ products: [products[0], products[0]] }).success, 'duplicate ids are rejected')
})

t.test('GET /products lists every product with id, title and an ISO updated_at', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/products' })
  t.equal(res.statusCode, 200)
  const { products } = res.json() as { products: Array<{ id: string; title: string; updated_at: string; price: string; images: string[] }> }
  t.equal(products.length, loadCatalogueData().length)
  for (const p of products) {
    t.equal(new Date(p.updated_at).toISOString(), p.updated_at)
    t.match(p.price, /^\$\d+\.\d{2}$/)
    t.match(p.images[0], /^\/media\/products\/.+\.svg$/)
  }
})

t.test('GET /collections?keys= answers products per key, unitron empty, in data order', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/collections?keys=phonak,signia,oticon,unitron,best-sellers' })
  t.equal(res.statusCode, 200)
  const { collections } = res.json() as { collections: Record<string, Array<{ id: string; brand: string }>> }
  t.same(Object.keys(collections).sort(), ['best-sellers', 'oticon', 'phonak', 'signia', 'unitron'])
  t.equal(collections.unitron!.length, 0)
  t.equal(collections.phonak![0]!.id, 'phonak-audeo-sphere-infinio-90')
  t.ok(collections.phonak!.every((p) => p.brand === 'Phonak'))
  t.ok(collections['best-sellers']!.length >= 3)
})

t.test('GET /collections with an unknown key is a 400 naming it', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/collections?keys=phonak,widex' })
  t.equal(res.statusCode, 400)
  t.match(res.json().message, /keys/)
})

t.test('GET /products/:id answers the product, the generic description when empty, 404 when unknown', async (t) => {
  const { app } = await build(t)
  const ok = await app.inject({ method: 'GET', url: '/products/oticon-intent-1' })
  t.equal(ok.statusCode, 200)
  t.equal(ok.json().title, 'Oticon Intent 1')
  t.equal(ok.json().comparePrice, '$3599.00')
  const fallback = await app.inject({ method: 'GET', url: '/products/phonak-virto-paradise-titanium' })
  t.ok(fallback.json().description.length > 20, 'empty description replaced by the generic text')
  const missing = await app.inject({ method: 'GET', url: '/products/no-such-aid' })
  t.equal(missing.statusCode, 404)
})
