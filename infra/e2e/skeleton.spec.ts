import { expect, test } from '@playwright/test'

test('an unknown path answers 404 with the SPA not-found page, whose link goes home', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  await page.getByRole('link', { name: /home/i }).first().click()
  await expect(page).toHaveURL(/\/$/)
})

test('the locations API answers both clinics through the gateway', async ({ page }) => {
  const response = await page.goto('/api/messaging/locations')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['content-type']).toContain('application/json')
  const locations = (await response?.json()) as Array<{ uid: string; name: string }>
  expect(locations.map((l) => l.name)).toEqual(['Gainesville', 'Dawsonville'])
  await expect(page.locator('body')).toContainText('Gainesville')
})

test('pages are served with strict security headers', async ({ request }) => {
  const response = await request.get('/')
  const csp = response.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toMatch(/script-src 'self'(;|$)/)
  expect(response.headers()['x-content-type-options']).toBe('nosniff')
  expect(response.headers()['strict-transport-security']).toContain('max-age=')
})

test("the app's scripts are served precompressed and cached for a year", async ({ request }) => {
  const html = await (await request.get('/')).text()
  // The first script and the parts it evaluates in turn (web/src/main.tsx), which the page preloads.
  const scripts = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload") crossorigin (?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
  expect(scripts.length).toBeGreaterThan(3)
  for (const script of scripts) {
    expect(script).toMatch(/^\/assets\/.+\.js$/)
    const response = await request.get(script, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    // The build compresses every file of 1 KB or more (web/vite.config.ts, precompress); the first
    // script itself is smaller, and goes as it is.
    if ((await response.body()).length >= 1024) expect(response.headers()['content-encoding'], script).toBe('br')
  }
})
