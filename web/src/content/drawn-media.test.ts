// @vitest-environment node

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { drawnImages } from '../../scripts/media/drawn.mjs'

import { media } from './media'

const PUBLIC = fileURLToPath(new URL('../../public', import.meta.url))
const committed = (sitePath: string) => readFileSync(PUBLIC + sitePath, 'utf8')

/**
 * The product, article and hero pictures are drawn from data (web/scripts/media, run by
 * `npm run generate-media -w web`) and committed: what the site serves must be what the data says.
 */
describe('drawn pictures', async () => {
  const drawn = await drawnImages(media)

  it('the committed files are exactly what the generator draws from the data today', () => {
    for (const [sitePath, svg] of [...drawn.products, ...drawn.articles, ...drawn.hero]) {
      expect(committed(sitePath), `${sitePath}: run npm run generate-media -w web -- --only=products,articles,hero-art`).toBe(svg)
    }
  })

  it('every article has a picture of its own', () => {
    expect(drawn.articles.length).toBeGreaterThanOrEqual(12)
    expect(new Set(drawn.articles.map(([, svg]) => svg)).size).toBe(drawn.articles.length)
  })

  it('no two product pictures are the same, and none prints text (the page names the product)', () => {
    expect(new Set(drawn.products.map(([, svg]) => svg)).size).toBe(drawn.products.length)
    for (const [sitePath, svg] of drawn.products) expect(svg, sitePath).not.toMatch(/<text/)
  })

  it("the hero picture's size is the one the page reserves for it", () => {
    const [, svg] = drawn.hero[0]!
    expect(svg).toContain(`width="${media.heroArt.width}" height="${media.heroArt.height}"`)
  })
})
