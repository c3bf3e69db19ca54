import { readFile } from 'node:fs/promises'
import t from 'tap'
import { parseArticleFile } from '../src/articles/local.js'
import { plainText, safeImageUrl, sanitizeArticleHtml } from '../src/articles/sanitize.js'

const corpus = JSON.parse(await readFile(new URL('./data/xss-vectors.json', import.meta.url), 'utf8')) as { vectors: string[] }

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec))).replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'background', 'poster', 'srcset', 'xlink:href', 'srcdoc'])
const ACTIVE_ELEMENTS = /^(script|iframe|object|embed|svg|math|style|form|base|meta|link|frame|frameset|template|input|button|textarea|select|portal)$/i

/**
 * What must never be left in an article body: script or other active elements, handler or style
 * attributes, script or data URLs in any URL attribute. Reads the tags the way a browser would
 * (sanitize-html writes every attribute value in double quotes).
 */
export function dangerIn(html: string): string | undefined {
  for (const [tag, name = '', attrs = ''] of html.matchAll(/<\/?\s*([a-zA-Z][^\s/>]*)([^>]*)>/g)) {
    if (ACTIVE_ELEMENTS.test(name)) return `element ${tag}`
    for (const [, attr = '', value = ''] of attrs.matchAll(/([^\s=/>"']+)(?:\s*=\s*"([^"]*)")?/g)) {
      const lower = attr.toLowerCase()
      if (lower.startsWith('on')) return `handler in ${tag}`
      if (lower === 'style') return `style in ${tag}`
      if (URL_ATTRIBUTES.has(lower) && /(java|vb|live)script:|data:/i.test(decode(value).replace(/[\s\u0000-\u001f]+/g, ''))) return `script/data URL in ${tag}`
    }
  }
  if (/<\s*script/i.test(html)) return '<script'
  return undefined
}

t.test('the check itself catches what it looks for', async (t) => {
  for (const bad of ['<a href="javascript:alert(1)">x</a>', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<img src="x" onerror="alert(1)" />', '<p style="x">x</p>', '<img src="data:image/png;base64,AA" />', '<svg></svg>', '<script>x</script>']) {
    t.ok(dangerIn(bad), `flags ${bad}`)
  }
  t.notOk(dangerIn('<a title="onerror=alert(1) javascript:" href="/x">javascript: is only text here</a>'), 'text and titles are only text')
})

t.test(`the corpus has at least 500 vectors (${corpus.vectors.length})`, async (t) => {
  t.ok(corpus.vectors.length >= 500)
})

t.test('no vector leaves a script, handler, script/data URL or active element, as HTML or as Markdown', async (t) => {
  let failures = 0
  for (const vector of corpus.vectors) {
    const asHtml = sanitizeArticleHtml(vector)
    const asMarkdown = parseArticleFile(`---\ntitle: X\nhandle: x\ndate: 2025-01-01\nexcerpt: x\n---\n${vector}\n`, 'resources').contentHtml
    for (const [kind, out] of [['html', asHtml], ['markdown', asMarkdown]] as const) {
      const danger = dangerIn(out)
      if (danger) {
        failures++
        t.fail(`${kind}: ${JSON.stringify(vector)} -> ${JSON.stringify(out)} (${danger})`)
      }
      // Sanitizing is stable: what was stored is what a second pass keeps.
      if (sanitizeArticleHtml(out) !== out) {
        failures++
        t.fail(`${kind}: not stable for ${JSON.stringify(vector)}`)
      }
    }
  }
  t.equal(failures, 0, `${corpus.vectors.length} vectors, as HTML and as Markdown`)
})

t.test('ordinary article markup survives', async (t) => {
  const html =
    '<h2>Title</h2><p>Text with <strong>bold</strong>, <em>em</em> and <a href="/resources">a link</a>.</p>' +
    '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quote</p></blockquote>' +
    '<figure><img src="https://cdn.example.org/a.png" alt="A"><figcaption>Cap</figcaption></figure>' +
    '<table><thead><tr><th scope="col">H</th></tr></thead><tbody><tr><td>D</td></tr></tbody></table>'
  t.equal(sanitizeArticleHtml(html), html.replace('<img src="https://cdn.example.org/a.png" alt="A">', '<img src="https://cdn.example.org/a.png" alt="A" />'))
  t.equal(sanitizeArticleHtml('<h1>Top</h1>'), '<h2>Top</h2>', 'h1 becomes h2 (the page has its own h1)')
  t.equal(sanitizeArticleHtml('<img src="http://insecure.example/a.png">'), '', 'images only over https or from this site')
  t.equal(sanitizeArticleHtml('<img src="//evil.example/a.png">'), '', 'no protocol-relative images')
  t.equal(sanitizeArticleHtml('<a href="mailto:a@example.org">m</a>'), '<a href="mailto:a@example.org" rel="noopener noreferrer nofollow" target="_blank">m</a>')
})

t.test('plain text and image URLs', async (t) => {
  t.equal(plainText('<p>Hi <b>there</b> &amp; <script>alert(1)</script>you</p>'), 'Hi there & you')
  t.equal(safeImageUrl('https://cdn.shopify.com/a.jpg'), 'https://cdn.shopify.com/a.jpg')
  t.equal(safeImageUrl('/media/articles/a.svg'), '/media/articles/a.svg')
  for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png', 'http://x/a.png', 'https://x/a.png" onerror="x', null, '']) {
    t.equal(safeImageUrl(bad), null, `refuses ${bad}`)
  }
})
