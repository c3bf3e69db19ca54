import type { Page } from '@playwright/test'

import { createPatient, signInWithForm } from './support/accounts.js'
import { expect, test } from './support/hydrated.js'
import { expectNoSidewaysScroll } from './support/layout.js'

/**
 * Nothing wider than a phone, at 320 and 390 px, where the route-by-route check (routes.spec.ts)
 * cannot see it: the cookie notice's buttons (the routes are checked with a choice stored) and the
 * signed-in profile with a long e-mail address.
 */
const WIDTHS = [320, 390]

/**
 * Opens `url` at phone width, lets it settle and checks nothing is wider than the window; with
 * `cookieNotice`, first waits for the notice (2 s after load) and checks its buttons are on screen.
 */
async function openAtPhoneWidth(page: Page, url: string, width: number, cookieNotice: boolean) {
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
  await expectNoSidewaysScroll(page, `${url} at ${width}px`)
}

// The notice is the same fixed panel on every page: its buttons are checked on one page per language.
for (const url of ['/', '/es']) {
  test(`the cookie notice's buttons stay on screen at ${WIDTHS.join(' and ')} px on ${url}`, async ({ page }) => {
    for (const width of WIDTHS) await openAtPhoneWidth(page, url, width, true)
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
    await openAtPhoneWidth(page, '/profile', width, width === WIDTHS[0])
    await expect(page.getByText(email).first()).toBeVisible()
  }
})
