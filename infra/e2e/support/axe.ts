import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** The widths pages are scanned at: a desktop and a phone. */
export const DESKTOP_AND_PHONE = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const

/** WCAG 2.0 and 2.1, levels A and AA: what every scan checks unless it asks for more. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
/** ... and WCAG 2.2's AA rules (target size, among others): the staff screens built since it. */
export const WCAG_22_AA = [...WCAG_AA, 'wcag22aa']

export interface AxeScope {
  /** Only this part of the page (e.g. 'main' on staff screens, whose shell other tests scan). */
  include?: string
  /** Parts that are not ours to audit (third-party frames). */
  exclude?: string
  /** Rule tags to run; 'all' runs every rule axe has (best practices too). */
  tags?: string[] | 'all'
}

/**
 * Waits for the animations that are about to end (a toast or dialog fading in), so that axe reads
 * colours as the reader sees them once the motion stops, not half-transparent mid-fade. Longer ones
 * (a toast's countdown bar, a spinner) are left running: they change no colour axe checks.
 */
export async function motionSettled(page: Page) {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => {
      const timing = animation.effect?.getComputedTiming()
      const remaining = Number(timing?.endTime) - Number(animation.currentTime ?? 0)
      return animation.playState === 'running' && Number.isFinite(remaining) && remaining <= 2_000
    })
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)))
  })
}

/** axe on the page as it is now (motion settled): no violations, each reported with up to five of its elements. */
export async function expectNoAxeViolations(page: Page, what: string, { include, exclude, tags = WCAG_AA }: AxeScope = {}) {
  await motionSettled(page)
  let builder = tags === 'all' ? new AxeBuilder({ page }) : new AxeBuilder({ page }).withTags(tags)
  if (include) builder = builder.include(include)
  if (exclude) builder = builder.exclude(exclude)
  const results = await builder.analyze()
  const summary = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`),
  }))
  expect(summary, what).toEqual([])
}

/**
 * Stores a cookie choice before the page loads, so the notice never covers the page: for tests that
 * are not about the notice (which is scanned on its own, site-layout.spec.ts).
 */
export async function withCookieChoice(page: Page, choice: 'accepted' | 'declined' = 'accepted') {
  await page.addInitScript((value) => window.localStorage.setItem('cookie-consent', value), choice)
}
