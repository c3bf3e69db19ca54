import { readFileSync } from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { DESKTOP_AND_PHONE, expectNoAxeViolations, withCookieChoice } from './support/axe.js'

/**
 * axe on every route the build knows (web/dist/spa-routes.json, read when the tests run, so new
 * pages are scanned as soon as they exist) and on the 404 page: zero violations of WCAG 2.0/2.1
 * A and AA. Routes with a parameter are opened with an example value. Each page is scanned once it
 * has settled and again at phone width. The cookie notice is scanned on its own, at both widths
 * (site-layout.spec.ts): here a stored choice keeps it away, rather than each scan waiting the 2 s
 * it takes to appear.
 */
const DIST = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist')
const spaRoutes = JSON.parse(readFileSync(path.join(DIST, 'spa-routes.json'), 'utf8')) as string[]
// The Spanish routes are scanned by spanish.spec.ts (which also checks their lang): once is enough.
const englishRoutes = spaRoutes.filter((route) => !/^\/es(\/|$)/.test(route))
const urls = [...englishRoutes.map((route) => route.replace(/:[A-Za-z]\w*/g, 'example-item')), '/no-such-page-here']

for (const url of urls) {
  test(`axe finds no WCAG 2.1 AA violations on ${url}`, async ({ page }) => {
    await withCookieChoice(page, 'declined')
    for (const viewport of DESKTOP_AND_PHONE) {
      await page.setViewportSize(viewport)
      await page.goto(url)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
      await page.waitForLoadState('networkidle')
      await expectNoAxeViolations(page, `${url} at ${viewport.width}px`)
    }
  })
}
