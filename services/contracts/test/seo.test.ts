import t from 'tap'
import { canonicalPath, preloadImageTag, renderSeoHead, SEO_HEAD_END, SEO_HEAD_START, withSeoHead } from '../src/seo-head.js'
import { articleJsonLd, offerPrice, productJsonLd } from '../src/seo-json-ld.js'

const jsonLdIn = (head: string) => JSON.parse(/<script type="application\/ld\+json" data-seo>(.*?)<\/script>/.exec(head)![1]!)

t.test('a head: every tag marked data-seo, text escaped, and no text can close the JSON-LD script', async (t) => {
  const head = renderSeoHead({
    title: 'Ears & "Hearing" </title>',
    description: 'About <b>hearing</b>',
    robots: 'index, follow',
    canonical: 'https://example.org/resources/a',
    type: 'article',
    siteName: 'Practice',
    ogLocale: 'en_US',
    image: 'https://example.org/a.jpg',
    imageAlt: 'A picture',
    properties: [['article:tag', 'tinnitus']],
    preloads: [preloadImageTag('/a.jpg')],
    jsonLd: { headline: '</script><script>alert(1)</script>\u2028' },
  })
  t.match(head, '<title>Ears &amp; &quot;Hearing&quot; &lt;/title&gt;</title>')
  t.match(head, '<meta name="description" content="About &lt;b&gt;hearing&lt;/b&gt;" data-seo />')
  t.match(head, '<link rel="canonical" href="https://example.org/resources/a" data-seo />')
  t.match(head, '<meta property="og:image:alt" content="A picture" data-seo />')
  t.match(head, '<meta property="article:tag" content="tinnitus" data-seo />')
  t.match(head, '<meta name="twitter:card" content="summary_large_image" data-seo />')
  t.match(head, '<link rel="preload" as="image" href="/a.jpg" fetchpriority="high" />')
  const script = /<script type="application\/ld\+json" data-seo>(.*?)<\/script>/s.exec(head)![1]!
  t.notMatch(script, '<', 'no "<" inside the script')
  t.notMatch(script, '\u2028', 'no raw line separator')
  t.same(JSON.parse(script), { headline: '</script><script>alert(1)</script>\u2028' }, 'the data reads back the same')
})

t.test('a 404 head names no canonical URL, and a page without a picture gets the small card', async (t) => {
  const head = renderSeoHead({ title: 'Not found', description: 'd', robots: 'noindex, follow', type: 'website', siteName: 'P', ogLocale: 'en_US' })
  t.notMatch(head, 'canonical')
  t.notMatch(head, 'og:url')
  t.match(head, '<meta name="twitter:card" content="summary" data-seo />')
})

t.test("the head block of index.html is replaced, with the page's language; a page without the block is refused", async (t) => {
  const shell = `<html lang="en"><head>${SEO_HEAD_START}<title>old</title>${SEO_HEAD_END}</head><body></body></html>`
  const filled = withSeoHead(shell, '<title>new</title>', 'es')!
  t.match(filled, '<html lang="es">')
  t.match(filled, '<title>new</title>')
  t.notMatch(filled, 'old')
  t.equal(withSeoHead('<html><head></head></html>', '<title>x</title>'), undefined)
  t.equal(canonicalPath('/about-us/'), '/about-us')
  t.equal(canonicalPath('/'), '/')
})

t.test('an article: BlogPosting by the practice, with Home > Resources > article', async (t) => {
  const [post, crumbs] = articleJsonLd('https://example.org', { title: 'Falls', url: 'https://example.org/resources/falls', publishedAt: '2026-01-02T00:00:00Z', author: null, tags: ['a', 'b'] })['@graph'] as Array<Record<string, unknown>>
  t.match(post, { '@type': 'BlogPosting', headline: 'Falls', mainEntityOfPage: 'https://example.org/resources/falls', keywords: 'a, b', publisher: { '@id': 'https://example.org/#organization' } })
  t.notOk('author' in post!, 'no author when none is known')
  t.same(crumbs, {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://example.org/' },
      { '@type': 'ListItem', position: 2, name: 'Resources', item: 'https://example.org/resources' },
      { '@type': 'ListItem', position: 3, name: 'Falls' },
    ],
  })
})

t.test('a product: an offer only for a positive price, the compare-at price as list price only when higher', async (t) => {
  const product = (price?: string, comparePrice?: string) =>
    (productJsonLd('https://example.org', { title: 'Aid', url: 'https://example.org/products/aid', sku: 'aid', description: 'd', brand: 'B', images: [], price, comparePrice })['@graph'] as Array<{ offers?: Record<string, unknown> }>)[0]!
  t.match(product('$3,299.00', '$3,799').offers, { price: '3299.00', priceCurrency: 'USD', priceSpecification: { price: '3799.00' } })
  t.notOk('priceSpecification' in product('$3,299.00', '$2,000').offers!, 'a lower compare-at price is not a list price')
  t.notOk('offers' in product('Call us'), 'no offer without a price')
  t.notOk('offers' in product('$0'), 'no offer at zero')
  t.notOk('image' in product('$1'), 'no image list when there are none')
  t.equal(offerPrice('2499'), '2499.00')
})

t.test('the JSON-LD round-trips through the head unchanged', async (t) => {
  const data = articleJsonLd('https://example.org', { title: 'A <b>', url: 'https://example.org/resources/a' })
  t.same(jsonLdIn(renderSeoHead({ title: 't', description: 'd', robots: 'index, follow', type: 'article', siteName: 'P', ogLocale: 'en_US', jsonLd: data })), data)
})
