import t, { type Test } from 'tap'
import { FAKE_STOREFRONT_TOKEN, startFakeStorefront, storefrontArticle, type FakeStorefront } from '@hearing/infra/fakes/storefront'
import { CACHE_MS, shopifyArticlesSource } from '../src/articles/shopify.js'
import { build, testConfig } from './helper.js'

async function fake(t: Test, blogs: Parameters<typeof startFakeStorefront>[0]) {
  const server = await startFakeStorefront(blogs)
  t.teardown(() => server.close())
  return server
}

const env = (store: FakeStorefront, extra: Record<string, string> = {}) => ({
  ARTICLES_PROVIDER: 'shopify',
  SHOPIFY_STORE_URL: store.url,
  SHOPIFY_STOREFRONT_TOKEN: FAKE_STOREFRONT_TOKEN,
  // Long enough for a busy machine to answer; the 'hang' case below hangs for twice as long.
  ARTICLES_TIMEOUT_MS: '2000',
  ...extra,
})

const silentLog = { warn: () => {} }

t.test('shopify without a store URL or token is refused at boot, naming both', async (t) => {
  await t.rejects(testConfig(t, { ARTICLES_PROVIDER: 'shopify' }), /SHOPIFY_STORE_URL[\s\S]*is required when ARTICLES_PROVIDER=shopify[\s\S]*SHOPIFY_STOREFRONT_TOKEN/)
})

t.test('the blogs come from Storefront blog(handle:), sanitized, newest first, through the same routes', async (t) => {
  const store = await fake(t, {
    resources: [
      storefrontArticle(1),
      storefrontArticle(2, {
        title: 'Caring <b>well</b>',
        excerpt: '<p>Short <script>alert(1)</script>summary</p>',
        contentHtml: '<h1>Top</h1><p onclick="alert(1)">Hi<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p><script>alert(2)</script>',
        image: { url: 'javascript:alert(1)', altText: 'bad' },
        authorV2: null,
      }),
      storefrontArticle(3, { handle: 'Not A Valid Handle' }),
    ],
    'clinical-study': [storefrontArticle(4)],
  })
  const { app } = await build(t, await testConfig(t, env(store)))

  const res = await app.inject('/blogs/resources/articles')
  t.equal(res.statusCode, 200)
  const { articles } = res.json() as { articles: Array<Record<string, unknown>> }
  t.same(articles.map((a) => a.handle), ['store-article-2', 'store-article-1'], 'newest first; the article with an impossible handle is left out')
  const [second, first] = articles
  t.same(second, {
    id: 'gid://shopify/Article/1002',
    handle: 'store-article-2',
    blog: 'resources',
    title: 'Caring well',
    image: null,
    imageAlt: null,
    excerpt: 'Short summary',
    author: null,
    publishedAt: '2026-01-03T00:00:00.000Z',
    updatedAt: '2026-01-03T00:00:00.000Z',
    tags: ['Store'],
    contentHtml: '<h2>Top</h2><p>Hi<a>x</a></p>',
  })
  t.equal(first!.image, 'https://cdn.shopify.com/s/files/1/article-1.jpg')
  t.equal(first!.author, 'Store Author')

  const call = store.calls[0]!
  t.equal(call.token, FAKE_STOREFRONT_TOKEN, 'the private token header')
  t.equal(call.version, '2025-07')
  t.equal(call.handle, 'resources')

  t.equal((await app.inject('/articles/store-article-4')).json().blog, 'clinical-study', 'an article is found in the second blog')
  t.equal((await app.inject('/articles/nope')).statusCode, 404)
  const sitemap = await app.inject('/sitemap?type=articles')
  t.match(sitemap.body, '/resources/store-article-4</loc>')
})

t.test('long blogs are read page by page; a blog the store does not have is empty', async (t) => {
  const store = await fake(t, { resources: Array.from({ length: 230 }, (_, i) => storefrontArticle(i)) })
  const source = shopifyArticlesSource({ storeUrl: store.url, token: FAKE_STOREFRONT_TOKEN, apiVersion: '2025-07', timeoutMs: 1000, log: silentLog })
  t.equal((await source.list('resources')).length, 230)
  t.same(store.calls.map((c) => c.after ?? null), [null, 'cursor-99', 'cursor-199'], 'three pages of 100')
  t.same(await source.list('clinical-study'), [])
})

t.test('a failing store: 502 with a message for every way it fails, nothing kept, then it recovers', async (t) => {
  const store = await fake(t, { resources: [storefrontArticle(1)] })
  const { app } = await build(t, await testConfig(t, env(store)))
  for (const mode of ['throttled', 'rate-limited', 'server-error', 'security-rejection', 'hang', 'not-json'] as const) {
    store.mode = mode
    store.hangMs = 4000
    const res = await app.inject('/blogs/resources/articles')
    t.equal(res.statusCode, 502, `${mode}: 502`)
    t.equal(res.json().message, 'Articles could not be loaded. Please try again.')
    t.equal((await app.inject('/articles/store-article-1')).statusCode, 502, `${mode}: the article page too`)
  }
  store.mode = 'ok'
  t.equal((await app.inject('/blogs/resources/articles')).statusCode, 200, 'back when the store is')

  const wrongToken = await build(t, await testConfig(t, env(store, { SHOPIFY_STOREFRONT_TOKEN: 'wrong-token' })))
  t.equal((await wrongToken.app.inject('/blogs/resources/articles')).statusCode, 502, 'a refused token (401)')
})

t.test('a blog read successfully is kept for a minute', async (t) => {
  const store = await fake(t, { resources: [storefrontArticle(1)] })
  let clock = 1_000_000
  const source = shopifyArticlesSource({ storeUrl: store.url, token: FAKE_STOREFRONT_TOKEN, apiVersion: '2025-07', timeoutMs: 1000, log: silentLog, now: () => clock })
  await Promise.all([source.list('resources'), source.list('resources')])
  t.equal(store.calls.length, 1, 'concurrent reads share one request')
  clock += CACHE_MS - 1
  await source.list('resources')
  t.equal(store.calls.length, 1, 'within the minute: no request')
  clock += 2
  await source.list('resources')
  t.equal(store.calls.length, 2, 'after it: read again')
})
