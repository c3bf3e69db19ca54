import { mkdirSync } from 'node:fs'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { openAccountMenu, signInWithForm } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { withCookieChoice } from './support/axe.js'

/**
 * The account pages at a phone and a desktop width: none scrolls sideways. With SCREENSHOTS_DIR
 * (or ACCOUNTS_SCREENSHOTS_DIR) set, each is kept as screenshots for a person to look at (not
 * compared with anything).
 */
const dir = process.env.ACCOUNTS_SCREENSHOTS_DIR ?? process.env.SCREENSHOTS_DIR

for (const width of [390, 1366]) {
  test(`account pages at ${width}px`, async ({ page }) => {
    test.setTimeout(90_000)
    if (dir) mkdirSync(dir, { recursive: true })
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    // The page from the top to the end of <main> (the footer is another helper's), in pieces of
    // at most 1200 px so a narrow, long page stays legible.
    const shot = async (name: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scrolling at ${width}px`).toBeLessThanOrEqual(width)
      const main = await page.locator('main').boundingBox()
      const bottom = Math.ceil((main?.y ?? 0) + (main?.height ?? 900))
      for (let y = 0, part = 1; dir && y < bottom; y += 1200, part++) {
        const height = Math.min(1200, bottom - y)
        await page.screenshot({ path: path.join(dir, `${name}-${width}-${part}.png`), fullPage: true, clip: { x: 0, y, width, height } })
      }
    }
    // The cookie notice would cover the forms: decide it up front.
    await withCookieChoice(page)

    await page.goto('/auth')
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible()
    await shot('auth-signin')
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    await expect(page.getByRole('option', { name: 'Gainesville' })).toBeAttached()
    await shot('auth-signup')

    await page.goto('/profile')
    await expect(page.getByText('Please sign in to access your profile settings.')).toBeVisible()
    await shot('profile-signed-out')

    await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.goto('/profile')
    await expect(page.getByRole('heading', { name: 'Preferences' })).toBeVisible()
    await shot('profile')

    await page.goto('/admin')
    await expect(page.getByRole('row').nth(1)).toBeVisible()
    await shot('admin-users')
    await page.getByRole('tab', { name: 'Email' }).click()
    await expect(page.getByRole('heading', { name: 'Email' })).toBeVisible()
    await shot('admin-email')
    if (width > 1000) {
      await openAccountMenu(page)
    } else {
      await page.getByRole('button', { name: 'Menu' }).click()
      await expect(page.getByRole('list', { name: 'Your account' })).toBeVisible()
      await page.getByRole('list', { name: 'Your account' }).scrollIntoViewIfNeeded()
    }
    if (dir) await page.screenshot({ path: path.join(dir, `header-menu-${width}.png`) })
  })
}
