import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Page } from '@playwright/test'

import { createPatient, signInWithForm } from './support/accounts.js'
import { withCookieChoice } from './support/axe.js'
import { expect, test } from './support/hydrated.js'

/**
 * No page is wider than a phone: at 320 and 390 px nothing may stick out sideways (a patient could
 * pan onto blank space, or the cookie notice's buttons could be off screen). Every route the build
 * knows is opened (web/dist/spa-routes.json, so a new page is checked as soon as it exists); a
 * route with a parameter takes a real value from the site's own sitemaps, so the product and
 * article pages are checked with their content, not as "not found".
 */
const DIST = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist')
const spaRoutes = JSON.parse(readFileSync(path.join(DIST, 'spa-routes.json'), 'utf8')) as string[]
const WIDTHS = [320, 390]

/** The path of the first page a sitemap lists under `prefix` (e.g. a product page). */
async function firstPathIn(page: Page, sitemap: 'products' | 'articles', prefix: string): Promise<string> {
  const res = await page.request.get(`/sitemap-${sitemap}.xml`)
  expect(res.status(), `the ${sitemap} sitemap`).toBe(200)
  const urls = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
  const found = urls.find((p) => p.startsWith(prefix))
  expect(found, `a ${prefix} page in the ${sitemap} sitemap`).toBeDefined()
  return found!
}

/** The elements sticking out past the right edge, to say what is too wide when the check fails. */
function overflowingElements(page: Page) {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= limit + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`)
  })
}

/**
 * Opens `url` at phone width, lets it settle and checks nothing is wider than the window; with
 * `cookieNotice`, first waits for the notice (2 s after load) and checks its buttons are on screen.
 */
async function expectNoSidewaysScroll(page: Page, url: string, width: number, cookieNotice: boolean) {
  await page.setViewportSize({ width, height: 780 })
  await page.goto(url)
  await page.waitForLoadState('networkidle')
  if (cookieNotice) {
    const notice = page.getByTestId('cookie-notice')
    await expect(notice).toBeVisible()
    // Spanish pages (/es/…) say them in Spanish.
    for (const name of /^\/es(\/|$|\?)/.test(url) ? ['Aceptar', 'Rechazar'] : ['Accept', 'Decline']) {
      const box = await notice.getByRole('button', { name, exact: true }).boundingBox()
      expect(box, `${name} at ${width}px on ${url}`).not.toBeNull()
      expect(box!.x, `${name} starts on screen at ${width}px on ${url}`).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width, `${name} ends on screen at ${width}px on ${url}`).toBeLessThanOrEqual(width)
    }
  }
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth, `${url} at ${width}px is ${scrollWidth}px wide; too wide: ${(await overflowingElements(page)).join(', ')}`).toBeLessThanOrEqual(innerWidth)
}

// The notice is the same fixed panel on every page: its buttons are checked on one page per
// language; the routes are checked with a choice stored, rather than each waiting 2 s for it.
for (const url of ['/', '/es']) {
  test(`the cookie notice's buttons stay on screen at ${WIDTHS.join(' and ')} px on ${url}`, async ({ page }) => {
    for (const width of WIDTHS) await expectNoSidewaysScroll(page, url, width, true)
  })
}

for (const route of spaRoutes) {
  test(`${route} fits a phone at ${WIDTHS.join(' and ')} px`, async ({ page }) => {
    await withCookieChoice(page, 'declined')
    let url = route
    if (route.includes(':productId')) url = await firstPathIn(page, 'products', '/products/')
    if (route.includes(':handle')) url = await firstPathIn(page, 'articles', '/resources/')
    // A patient's page, signed out: the staff gate's Access Denied (the signed-in page: patients.spec.ts).
    if (route.includes('/admin/patients/:id')) url = route.replace(':id', '00000000-0000-4000-8000-000000000000')
    expect(url, 'every parameter filled').not.toContain(':')
    for (const width of WIDTHS) await expectNoSidewaysScroll(page, url, width, false)
  })
}

test('the signed-in profile fits a phone, a long e-mail address included', async ({ page, request }) => {
  const email = `margaret.elizabeth.hill-worthington.${Date.now().toString(36)}@longfamilyname-example.com`
  const password = 'Quiet-Meadow-Lantern-42'
  // `request`, not page.request: the admin's sign-in must not leave its cookie in the patient's browser.
  await createPatient(request, { first_name: 'Margaret', last_name: 'Hill', email, phone: '(770) 555-0142', password })
  await page.setViewportSize({ width: 390, height: 780 })
  await signInWithForm(page, email, password)
  for (const width of WIDTHS) {
    await expectNoSidewaysScroll(page, '/profile', width, width === WIDTHS[0])
    await expect(page.getByText(email).first()).toBeVisible()
  }
})
