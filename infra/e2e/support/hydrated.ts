import { test as base, type Page } from '@playwright/test'

/**
 * Pages are pre-rendered: their buttons are on screen before React has attached any handler, and a
 * click that early does nothing. Journeys that interact use this `test`: every page.goto waits until
 * the app marks <html data-hydrated>.
 */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      return response
    }
    await use(page)
  },
})

export { expect } from '@playwright/test'
