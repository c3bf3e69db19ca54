import type { Page } from '@playwright/test'

/**
 * Moves the page's clock (page.clock.install()) on by `ms`, running every timer due by then, and
 * lets the page end that task: whatever those timers set going (a render, loading code, a request)
 * has started when this returns. Checks that something does not happen rest on this, not on a
 * wall-clock pause that a busy machine can outlast.
 */
export async function runPageClock(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms)
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)))
}
