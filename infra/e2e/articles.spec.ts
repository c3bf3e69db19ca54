import { expectNoAxeViolations } from './support/axe.js'
import { expect, test } from './support/hydrated.js'

/**
 * Articles (SPEC §2 /resources and /resources/{handle}, §4 "Resources tabs", §8 "Articles", §9
 * "Article card"): the tabs and their states, a card to its article, the not-found view, the head
 * the server sends, and the sitemaps.
 */

const MONTH_YEAR = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/
const ARTICLE = '/resources/hearing-loss-and-falls'

test('the Resources tab is the default; Clinical Studies is kept in ?type= and each shows its cards', async ({ page }) => {
  test.setTimeout(90_000) // two axe scans and a check of every card
  await page.goto('/resources')
  const resourcesTab = page.getByRole('tab', { name: 'Resources' })
  const clinicalTab = page.getByRole('tab', { name: 'Clinical Studies' })
  await expect(resourcesTab).toHaveAttribute('aria-selected', 'true')

  const cards = page.getByRole('tabpanel').getByRole('article')
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBeGreaterThanOrEqual(6)
  for (const card of await cards.all()) {
    await expect(card.getByRole('heading', { level: 3 })).not.toBeEmpty()
    await expect(card.locator('time')).toHaveText(MONTH_YEAR)
    await expect(card.locator('img')).toHaveAttribute('src', /^\/media\/articles\/.+\.svg$/)
    const excerpt = (await card.locator('p').nth(1).textContent()) ?? ''
    expect(excerpt.length, excerpt).toBeLessThanOrEqual(121)
    expect(await card.getByRole('listitem').count()).toBeLessThanOrEqual(3)
    await expect(card.getByRole('link', { name: 'Read Article' })).toHaveAttribute('href', /^\/resources\/[a-z0-9-]+$/)
  }
  await expect(page.getByRole('heading', { name: 'Caring for Your Hearing Aids Every Day' })).toBeVisible()
  await expectNoAxeViolations(page, 'resources tab')

  await clinicalTab.click()
  await expect(page).toHaveURL(/\/resources\?type=clinical-studies$/)
  await expect(clinicalTab).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: 'Hearing Loss and Falls in Older Adults (Lin & Ferrucci, 2012)' })).toBeVisible()
  await expectNoAxeViolations(page, 'clinical studies tab')

  await page.goto('/resources?type=clinical-studies')
  await expect(page.getByRole('tab', { name: 'Clinical Studies' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: /ACHIEVE Trial/ })).toBeVisible()
})

test('a tab shows 6 skeleton cards while loading, then the error with Try Again, which loads the list', async ({ page }) => {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let fail = true
  await page.route('**/api/content/blogs/resources/articles', async (route) => {
    await held
    if (fail) return route.fulfill({ status: 502, json: { statusCode: 502, error: 'Bad Gateway', message: 'Articles could not be loaded. Please try again.' } })
    return route.fallback()
  })
  await page.goto('/resources')
  const loading = page.getByLabel('Loading articles')
  await expect(loading).toBeVisible()
  await expect(loading.getByRole('article', { includeHidden: true })).toHaveCount(6)
  release()

  const alert = page.getByRole('alert')
  await expect(alert.getByText('Error Loading Content')).toBeVisible()
  await expect(alert).toContainText('Our server is having trouble right now. Please try again in a moment.')
  fail = false
  await alert.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible()
})

test('an empty blog shows "No Articles Found"', async ({ page }) => {
  await page.route('**/api/content/blogs/clinical-study/articles', (route) => route.fulfill({ json: { articles: [] } }))
  await page.goto('/resources?type=clinical-studies')
  await expect(page.getByRole('heading', { name: 'No Articles Found' })).toBeVisible()
  await expect(page.getByText("We're working on adding more resources. Check back soon!")).toBeVisible()
})

test('a card leads to its article; the back buttons return to /resources at the top', async ({ page }) => {
  await page.goto('/resources?type=clinical-studies')
  const card = page.getByRole('article').filter({ hasText: 'Hearing Loss and Falls' })
  await card.getByRole('link', { name: 'Read Article' }).click()
  await expect(page).toHaveURL(ARTICLE)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hearing Loss and Falls in Older Adults (Lin & Ferrucci, 2012)')
  await expect(page.locator('article time').first()).toHaveText('June 2026')
  await expect(page.getByText('By Dr. James Carter, Au.D.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Clinical Study', 'Falls', 'Safety'])
  await expect(page.getByRole('heading', { name: 'Source', level: 2 })).toBeVisible()
  await expect(page).toHaveTitle('Hearing Loss and Falls in Older Adults (Lin & Ferrucci, 2012) | North Georgia Hearing Care')
  await expectNoAxeViolations(page, 'article')

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.getByRole('button', { name: 'Back to Resources' }).last().click()
  await expect(page).toHaveURL(/\/resources$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('an unknown handle answers HTTP 404 and shows "Article Not Found" with Back to Resources', async ({ page }) => {
  const response = await page.goto('/resources/no-such-article')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible()
  await expect(page.getByText("The article you're looking for doesn't exist.")).toBeVisible()
  await expectNoAxeViolations(page, 'article not found')
  await page.getByRole('link', { name: 'Back to Resources' }).click()
  await expect(page).toHaveURL(/\/resources$/)
})

test("an article's picture that fails to load is replaced by the placeholder", async ({ page }) => {
  await page.route('**/media/articles/hearing-loss-and-falls.svg', (route) => route.fulfill({ status: 404, body: '' }))
  await page.goto(ARTICLE)
  await expect(page.locator('article img').first()).toHaveAttribute('src', '/media/articles/placeholder.svg')
})

test('the HTML the server sends for an article carries its head: title, description, canonical, Open Graph, JSON-LD', async ({ request, baseURL }) => {
  const res = await request.get(ARTICLE)
  expect(res.status()).toBe(200)
  const html = await res.text()
  expect(html).toContain('<title>Hearing Loss and Falls in Older Adults (Lin &amp; Ferrucci, 2012) | North Georgia Hearing Care</title>')
  expect(html).toContain('<meta name="description" content="A national survey found that people with worse hearing were more likely to report a fall in the past year')
  expect(html).toContain(`<link rel="canonical" href="${baseURL}${ARTICLE}" data-seo />`)
  expect(html).toContain('<meta property="og:type" content="article" data-seo />')
  expect(html).toContain('<meta property="article:published_time" content="2026-06-24T00:00:00.000Z" data-seo />')
  expect(html).toContain('<meta property="article:tag" content="Falls" data-seo />')
  const json = /<script type="application\/ld\+json" data-seo>(.*?)<\/script>/.exec(html)?.[1]
  const graph = (JSON.parse(json!) as { '@graph': Array<Record<string, unknown>> })['@graph']
  expect(graph[0]).toMatchObject({ '@type': 'BlogPosting', headline: 'Hearing Loss and Falls in Older Adults (Lin & Ferrucci, 2012)', datePublished: '2026-06-24T00:00:00.000Z' })
  expect(graph[1]).toEqual({
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${baseURL}/` },
      { '@type': 'ListItem', position: 2, name: 'Resources', item: `${baseURL}/resources` },
      { '@type': 'ListItem', position: 3, name: 'Hearing Loss and Falls in Older Adults (Lin & Ferrucci, 2012)' },
    ],
  })

  const missing = await request.get('/resources/no-such-article')
  expect(missing.status()).toBe(404)
  const missingHtml = await missing.text()
  expect(missingHtml).toContain('<meta name="robots" content="noindex, follow" data-seo />')
  expect(missingHtml).not.toContain('rel="canonical"')
})

test('the sitemaps are XML at once (no "Generating sitemap..."), and every URL in them answers 200', async ({ request, baseURL }) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)

  const index = await request.get('/sitemap.xml')
  expect(index.status()).toBe(200)
  expect(index.headers()['content-type']).toBe('application/xml; charset=utf-8')
  expect(index.headers()['cache-control']).toBe('public, max-age=3600')
  const indexXml = await index.text()
  expect(indexXml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/)
  expect(indexXml).not.toContain('Generating sitemap')
  expect(await (await request.get('/sitemap-index.xml')).text()).toBe(indexXml)

  for (const file of ['/sitemap-main.xml', '/sitemap-articles.xml', '/sitemap-products.xml']) {
    expect(indexXml).toContain(`<loc>${baseURL}${file}</loc>`)
    const res = await request.get(file)
    expect(res.status(), file).toBe(200)
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    expect(locs.length, file).toBeGreaterThan(5)
    for (const loc of locs) {
      expect(loc.startsWith(`${baseURL}/`), loc).toBe(true)
      expect((await request.get(loc)).status(), loc).toBe(200)
    }
  }
})

test('screenshots of /resources and an article at 390 and 1366 px', async ({ page }, testInfo) => {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    for (const [name, url] of [['resources', '/resources'], ['article', ARTICLE]] as const) {
      await page.goto(url)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
    }
  }
})
