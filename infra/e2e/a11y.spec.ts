import { readFileSync } from 'node:fs'
import path from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

/**
 * axe on every route the build knows (web/dist/spa-routes.json, read when the tests run, so new
 * pages are scanned as soon as they exist) and on the 404 page: zero violations of WCAG 2.0/2.1
 * A and AA. Routes with a parameter are opened with an example value. Each page is scanned once it
 * has settled and again at phone width, cookie notice included (it appears after 2 s).
 */
const DIST = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist')
const spaRoutes = JSON.parse(readFileSync(path.join(DIST, 'spa-routes.json'), 'utf8')) as string[]
// The Spanish routes are scanned by spanish.spec.ts (which also checks their lang): once is enough.
const englishRoutes = spaRoutes.filter((route) => !/^\/es(\/|$)/.test(route))
const urls = [...englishRoutes.map((route) => route.replace(/:[A-Za-z]\w*/g, 'example-item')), '/no-such-page-here']

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

for (const url of urls) {
  test(`axe finds no WCAG 2.1 AA violations on ${url}`, async ({ page }) => {
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      await page.goto(url)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
      await page.waitForLoadState('networkidle')
      await expect(page.getByTestId('cookie-notice')).toBeVisible() // it appears 2 s after load: scanned too
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
      const summary = results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }))
      expect(summary, `${url} at ${viewport.width}px`).toEqual([])
    }
  })
}
