import { readFileSync } from 'node:fs'
import path from 'node:path'

import { expect, test, type Page } from '@playwright/test'

import { createPatient, postAsked, uniqueEmail } from './support/accounts.js'

/**
 * React takes over the pre-rendered pages (web/src/main.tsx: hydrateRoot in a transition):
 * - a visitor who taps before the page is hydrated still gets what the tap asks for: React listens
 *   from the moment hydration starts, hydrates the tapped part at once and hands it the tap (and a
 *   link tapped before that is an ordinary link). Checked on a CPU slowed 20 times, where hydration
 *   takes seconds, tapping as soon as the pre-rendered control is on screen;
 * - the first render in the browser draws what the server drew, signed out and signed in: no
 *   hydration error (React #418, #425, ...) on any pre-rendered route, in either language.
 */
const DIST = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist')
const pages = JSON.parse(readFileSync(path.join(DIST, 'pages.json'), 'utf8')) as { routes: Record<string, { file?: string }> }
const preRendered = Object.entries(pages.routes)
  .filter(([, entry]) => entry.file)
  .map(([route]) => route)

/** Console errors and uncaught exceptions from the page's code (not failed requests: a signed-out refresh answers 401). */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !/^Failed to load resource/.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  return errors
}

/** The page's renderer thread runs `rate` times slower (Chrome DevTools' CPU throttling). */
async function slowCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

/** Whether the app has marked the page hydrated (web/src/app/hydration-marker.tsx). */
const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))

test.describe('a tap before hydration has finished', () => {
  test.beforeEach(async ({ page }) => {
    await slowCpu(page, 20)
  })

  test('on the home page\'s "Book Appointment" lands on the booking page', async ({ page }) => {
    const errors = collectErrors(page)
    await page.goto('/', { waitUntil: 'commit' })
    const link = page.getByRole('banner').getByRole('link', { name: 'Book Appointment' })
    await link.waitFor({ state: 'visible' })
    expect(await isHydrated(page), 'the tap comes before the page is hydrated').toBe(false)
    await link.click()
    await expect(page).toHaveURL(/\/book-appointment$/)
    // The page's code loads on the 20× slowed CPU of a busy machine: as long as hydration may take.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment', { timeout: 60_000 })
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 60_000 })
    expect(errors).toEqual([])
  })

  test("on the home page's cart button opens the cart", async ({ page }) => {
    const errors = collectErrors(page)
    await page.goto('/', { waitUntil: 'commit' })
    const cart = page.getByRole('banner').getByRole('button', { name: /^Cart, / })
    await cart.waitFor({ state: 'visible' })
    expect(await isHydrated(page), 'the tap comes before the page is hydrated').toBe(false)
    await cart.click()
    await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible({ timeout: 60_000 })
    await expect(page).toHaveURL(/\/$/)
    expect(errors).toEqual([])
  })
})

/** A route of pages.json with its parameters filled in from the site's sitemaps (a real product, a real article). */
async function urlOf(page: Page, route: string): Promise<string> {
  if (!route.includes('/:')) return route
  const language = route.startsWith('/es/') ? '/es' : ''
  const [sitemap, prefix] = route.includes(':productId') ? ['products', '/products/'] : ['articles', '/resources/']
  const res = await page.request.get(`/sitemap-${sitemap}.xml`)
  expect(res.status(), `the ${sitemap} sitemap`).toBe(200)
  const found = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).find((p) => p.startsWith(prefix))
  expect(found, `a ${prefix} page in the ${sitemap} sitemap`).toBeDefined()
  return language + found!
}

/** Opens every pre-rendered route in turn; none may log an error while React takes it over and it settles. */
async function expectEveryRouteHydratesCleanly(page: Page) {
  const errors = collectErrors(page)
  for (const route of preRendered) {
    const url = await urlOf(page, route)
    await page.goto(url)
    await expect(page.locator('html'), url).toHaveAttribute('data-hydrated', '')
    await page.waitForLoadState('networkidle')
    expect(errors, `${url}: console errors`).toEqual([])
  }
}

test('every pre-rendered route hydrates without errors, signed out', async ({ page }) => {
  test.setTimeout(180_000)
  await expectEveryRouteHydratesCleanly(page)
})

test('every pre-rendered route hydrates without errors, signed in (the session is restored while the page hydrates)', async ({ page }) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('hydration')
  const password = 'Quiet-Meadow-Compass-2026'
  await createPatient(page.request, { first_name: 'Hana', last_name: 'Ito', email, password })
  // Signs this browser in (the refresh cookie): every page load then restores the session.
  const res = await postAsked(page.request, '/api/identity/sign-in', { data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
  await page.goto('/')
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible()
  await expectEveryRouteHydratesCleanly(page)
})
