/**
 * The articles' pictures (services/content/articles/<blog>/*.md, front matter `image`): one small
 * abstract SVG per article, soft sound waves in a palette picked from its handle. Made here rather
 * than taken from anywhere, a few hundred bytes each. Run after adding an article:
 *   node web/scripts/generate-article-images.mjs
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const articlesDir = path.join(root, 'services/content/articles')
const outDir = path.join(root, 'web/public/media/articles')

// Calm blues, teals and greens of the site's theme, each with a lighter partner.
const palettes = [
  ['#1d4e89', '#d7e6f5', '#4f86c6'],
  ['#0f6e6e', '#d3efec', '#3fa3a0'],
  ['#2f5d50', '#dcefe6', '#5f9e86'],
  ['#3b4f8f', '#e1e5f6', '#7083c4'],
  ['#5a4a8a', '#e9e3f5', '#8d7cc0'],
  ['#7a4b2a', '#f6e9dc', '#c08a5b'],
]

const hash = (text) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)

function wave(y, amplitude, period, phase) {
  const points = []
  for (let x = 0; x <= 1200; x += 40) points.push(`${x},${(y + amplitude * Math.sin((x / period) * 2 * Math.PI + phase)).toFixed(1)}`)
  return `M${points.join(' L')}`
}

function svg(handle) {
  const h = hash(handle)
  const [dark, light, mid] = palettes[h % palettes.length]
  const phase = (h % 628) / 100
  const cx = 220 + (h % 760)
  const paths = [0, 1, 2]
    .map((i) => `<path d="${wave(300 + i * 70, 60 - i * 15, 380 + i * 90, phase + i)}" stroke="${i === 1 ? dark : mid}" stroke-width="${10 - i * 3}" fill="none" stroke-linecap="round" opacity="${1 - i * 0.25}"/>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630"><rect width="1200" height="630" fill="${light}"/><circle cx="${cx}" cy="160" r="90" fill="${mid}" opacity=".25"/>${paths}</svg>\n`
}

await mkdir(outDir, { recursive: true })
for (const blog of await readdir(articlesDir)) {
  for (const file of await readdir(path.join(articlesDir, blog))) {
    if (!file.endsWith('.md')) continue
    const text = await readFile(path.join(articlesDir, blog, file), 'utf8')
    const image = /^image:\s*\/media\/articles\/([a-z0-9-]+)\.svg\s*$/m.exec(text)?.[1]
    if (!image) continue
    await writeFile(path.join(outDir, `${image}.svg`), svg(image))
    console.log(`wrote web/public/media/articles/${image}.svg`)
  }
}
