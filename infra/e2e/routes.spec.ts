import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Page } from '@playwright/test'

import { DESKTOP_AND_PHONE, expectNoAxeViolations, WCAG_AA, withCookieChoice } from './support/axe.js'
import { expect, test } from './support/hydrated.js'
import { expectNoSidewaysScroll } from './support/layout.js'

/**
 * Every route the build knows (web/dist/spa-routes.json, read when the tests run, so a new page is
 * checked as soon as it exists), in both languages, and the 404 pages, each opened once at 1366 px
 * and then narrowed:
 * - axe: zero violations of WCAG 2.0/2.1 A and AA and of axe's best practices, at 1366 and 390 px,
 *   once the page has settled;
 * - nothing wider than a phone at 390 and 320 px (a patient could pan onto blank space; the 390 px
 *   page narrowed to 320);
 * - a Spanish route is Spanish (<html lang="es">).
 * A route with a parameter takes a real value from the site's own sitemaps, so the product and
 * article pages are checked with their content, not as "not found". The cookie notice is kept away
 * by a stored choice; it is checked on its own (site-layout.spec.ts, spanish.spec.ts, overflow.spec.ts).
 */
const DIST = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist')
const spaRoutes = JSON.parse(readFileSync(path.join(DIST, 'spa-routes.json'), 'utf8')) as string[]
const routes = [...spaRoutes, '/no-such-page-here', '/es/no-such-page-here']
const [DESKTOP, PHONE] = DESKTOP_AND_PHONE
const PHONE_WIDTHS = [PHONE.width, 320]
const isSpanish = (route: string) => /^\/es(\/|$)/.test(route)

/** The path of the first page a sitemap lists under `prefix` (e.g. a product page). */
async function firstPathIn(page: Page, sitemap: 'products' | 'articles', prefix: string): Promise<string> {
  const res = await page.request.get(`/sitemap-${sitemap}.xml`)
  expect(res.status(), `the ${sitemap} sitemap`).toBe(200)
  const urls = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
  const found = urls.find((p) => p.startsWith(prefix))
  expect(found, `a ${prefix} page in the ${sitemap} sitemap`).toBeDefined()
  return found!
}

/** The route with its parameters filled in. */
async function urlOf(page: Page, route: string): Promise<string> {
  const language = isSpanish(route) ? '/es' : ''
  if (route.includes(':productId')) return language + (await firstPathIn(page, 'products', '/products/'))
  if (route.includes(':handle')) return language + (await firstPathIn(page, 'articles', '/resources/'))
  // A patient's page, signed out: the staff gate's Access Denied (the signed-in page: patients.spec.ts).
  return route.replace(':id', '00000000-0000-4000-8000-000000000000')
}

/** Opens `url` at the desktop width and waits until it is hydrated and its data is in. */
async function openSettled(page: Page, url: string) {
  await page.setViewportSize(DESKTOP)
  await page.goto(url)
  if (isSpanish(url)) await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.waitForLoadState('networkidle')
}

/**
 * Narrows the open page to `width`: the layout is the style sheet's and the width hooks', which
 * follow a resize as they follow a load (one page load per route, not one per width). Waits until
 * the resize listeners and effects have run and whatever they asked the network for has arrived.
 */
async function narrowTo(page: Page, width: number, pending: () => number) {
  await page.setViewportSize({ width, height: PHONE.height })
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))))
  await expect.poll(pending, { message: `requests started at ${width}px have finished` }).toBe(0)
}

for (const route of routes) {
  test(`${route}: no axe violations at 1366 and 390 px, nothing wider than a phone at 390 and 320 px`, async ({ page }) => {
    await withCookieChoice(page, 'declined')
    const url = await urlOf(page, route)
    expect(url, 'every parameter filled').not.toContain(':')
    let inFlight = 0
    page.on('request', () => inFlight++)
    page.on('requestfinished', () => inFlight--)
    page.on('requestfailed', () => inFlight--)

    await openSettled(page, url)
    // A toast the page showed (a dead link's "Invalid Link") stays while both widths are scanned, as
    // it does for a reader who looks away (pauseOnFocusLoss): its 8 s countdown must not start its
    // fade mid-scan on a slow machine, where axe read the fading text as too faint.
    await page.evaluate(() => window.dispatchEvent(new Event('blur')))
    // Third-party map frames (no network in tests): their own content is not ours to audit.
    const scope = { tags: [...WCAG_AA, 'best-practice'], exclude: 'iframe[src^="https://www.google.com/"]' }
    await expectNoAxeViolations(page, `${url} at ${DESKTOP.width}px`, scope)
    await narrowTo(page, PHONE.width, () => inFlight)
    await expectNoAxeViolations(page, `${url} at ${PHONE.width}px`, scope)
    for (const width of PHONE_WIDTHS) {
      if (width !== page.viewportSize()?.width) await narrowTo(page, width, () => inFlight)
      await expectNoSidewaysScroll(page, `${url} at ${width}px`)
    }
  })
}
