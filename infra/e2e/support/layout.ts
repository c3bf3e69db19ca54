import { expect, type Locator, type Page } from '@playwright/test'

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

/** Nothing on the page as it is now sticks out past the window's right edge (a reader could pan onto blank space). */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth, `${what} is ${scrollWidth}px wide; too wide: ${(await overflowingElements(page)).join(', ')}`).toBeLessThanOrEqual(innerWidth)
}

/**
 * Waits until focus is inside a dialog that just opened. Radix attaches a dialog's Escape handler in
 * the same pass that moves focus into it, a moment after the dialog is on the screen: a key pressed
 * before then is lost (on a busy machine the moment is long enough for a test to fall into it).
 */
export async function waitForFocusInside(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { message: 'focus moves into the dialog' }).toBe(true)
}
