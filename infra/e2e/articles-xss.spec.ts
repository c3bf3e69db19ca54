import { readFileSync } from 'node:fs'
import path from 'node:path'

import { runPageClock } from './support/clock.js'
import { expect, test } from './support/hydrated.js'

/**
 * The sanitizer's corpus rendered in the real article page: 811 vectors (services/content/test/data/
 * xss-vectors.json) go through the content service's own code path for a stored Markdown article
 * (parseArticleFile: Markdown, then the sanitizer), in groups, and the page shows each group as an
 * article body. alert/confirm/prompt, fetch, XMLHttpRequest, window.open, image requests and
 * navigations are watched: not one may happen, and the rendered body may hold no script, handler,
 * script/data URL or active element.
 *
 * The stack serves the repository's articles, so the bodies reach the page through a route
 * handler in place of GET /api/content/articles/{handle}; the service's routes answer with the
 * same stored HTML (services/content/test/sanitize.test.ts checks every vector there).
 */
const REPO = path.resolve(import.meta.dirname, '..', '..')
const { vectors } = JSON.parse(readFileSync(path.join(REPO, 'services/content/test/data/xss-vectors.json'), 'utf8')) as { vectors: string[] }
const GROUP = 100
const groups = Array.from({ length: Math.ceil(vectors.length / GROUP) }, (_, i) => vectors.slice(i * GROUP, (i + 1) * GROUP))

test.describe.configure({ mode: 'parallel' })

for (const [i, group] of groups.entries()) {
  test(`XSS vectors ${i * GROUP + 1}-${i * GROUP + group.length} of ${vectors.length}: nothing runs`, async ({ page }) => {
    const { parseArticleFile } = (await import(path.join(REPO, 'services/content/dist/articles/local.js'))) as typeof import('../../services/content/src/articles/local.js')
    const body = group.map((v) => `${v}\n\n<p>separator</p>\n`).join('\n')
    const article = parseArticleFile(`---\ntitle: Corpus group ${i}\nhandle: corpus-group-${i}\ndate: 2025-01-01\nexcerpt: Vectors.\n---\n${body}`, 'resources')

    const executions: string[] = []
    await page.exposeFunction('__xssReport', (what: string) => executions.push(what))
    await page.addInitScript(() => {
      const report = (what: string) => (window as unknown as { __xssReport(w: string): void }).__xssReport(what)
      window.alert = () => report('alert')
      window.confirm = () => (report('confirm'), false)
      window.prompt = () => (report('prompt'), null)
      window.open = () => (report('open'), null)
      const realFetch = window.fetch.bind(window)
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('xss')) report(`fetch ${String(input)}`)
        return realFetch(input, init)
      }
    })
    page.on('dialog', (dialog) => {
      executions.push(`dialog ${dialog.type()}`)
      void dialog.dismiss()
    })
    page.on('request', (req) => {
      if (/xss|javascript:/i.test(req.url())) executions.push(`request ${req.url()}`)
    })
    await page.route(`**/api/content/articles/corpus-group-${i}`, (route) => route.fulfill({ json: article }))
    // The page's timers run on a clock the test moves on (below), so a timer a handler set runs for sure.
    await page.clock.install()

    await page.goto(`/resources/corpus-group-${i}`)
    const content = page.getByRole('article')
    await expect(content.getByRole('heading', { level: 1 })).toHaveText(`Corpus group ${i}`)
    const articleBody = content.locator('[data-article-body]')
    // Every element gets the events a reader's pointer and keyboard would send it (a handler that
    // slipped through would run now), then timers set for the next minute run too.
    await articleBody.evaluate(async (root) => {
      const types = ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'mousemove', 'focus', 'focusin', 'mouseout', 'blur']
      for (const el of root.querySelectorAll('*')) {
        for (const type of types) el.dispatchEvent(type.startsWith('focus') || type === 'blur' ? new FocusEvent(type) : new MouseEvent(type, { bubbles: true }))
      }
      // Images settle (loaded or failed), so an error handler would have had its chance.
      const pending = [...root.querySelectorAll('img')].filter((img) => !img.complete)
      await Promise.all(pending.map((img) => new Promise((done) => ['load', 'error'].forEach((type) => img.addEventListener(type, done, { once: true })))))
    })
    await runPageClock(page, 60_000)
    expect(page.url(), 'no navigation').toMatch(new RegExp(`/resources/corpus-group-${i}$`))

    expect(executions).toEqual([])

    const html = await articleBody.innerHTML()
    expect(html).not.toMatch(/<\s*(script|iframe|object|embed|svg|math|style|form|base|meta|link|frame|template|input|button|textarea|select)\b/i)
    const attributes = await articleBody.evaluate((root) =>
      [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => ({ name: a.name, value: a.value }))),
    )
    for (const a of attributes) {
      expect(a.name, JSON.stringify(a)).not.toMatch(/^on/i)
      expect(a.name, JSON.stringify(a)).not.toBe('style')
      if (['href', 'src', 'action', 'formaction', 'srcset', 'xlink:href'].includes(a.name)) {
        expect(a.value.replace(/[\s\u0000-\u001f]+/g, ''), JSON.stringify(a)).not.toMatch(/(java|vb|live)script:|data:/i)
      }
    }
  })
}
