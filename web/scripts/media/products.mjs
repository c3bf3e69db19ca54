/**
 * The shop's product images (web/public/media/products/<image name>) from the catalogue data file
 * (services/catalogue/data/products.json): each product's device drawn by its `style`, in a finish
 * picked from its id. The first image shows the device; a second shows it worn. No text: the
 * cards and the product page print the brand and the name beside the image.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { WEB, writeOut } from './common.mjs'
import { STYLES } from './devices.mjs'
import { ear, INK as OUTLINE, shade, SKIN } from './figures.mjs'

const DATA = path.join(WEB, '..', 'services', 'catalogue', 'data', 'products.json')

/** A stable number from a text (the same finish for a product on every run). */
const hashOf = (text) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)

const HAIR = '#aeb3b7'

/** The device as worn: behind the ear with its wire or tube into the canal, or in the ear itself. */
function worn(style, finish) {
  const { draw, worn: where } = STYLES[style]
  const device = draw(finish)
  if (where === 'wire' || where === 'tube') {
    const [colour, width] = where === 'tube' ? ['#d7e3e6', 10] : ['#8795a0', 4]
    const path = 'M136 -90 C124 -184 -22 -180 -40 -80 C-46 -40 -44 0 -40 16'
    return `<g transform="translate(250 230)">
  <g transform="translate(120 -28) rotate(16) scale(0.62)">${device.behind}</g>
  ${ear()}
  <path d="${path}" fill="none" stroke="${OUTLINE}" stroke-width="${width + 3}" stroke-linecap="round"/>
  <path d="${path}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>
</g>`
  }
  const [at, scale] = where === 'bowl' ? ['-14 14', 0.42] : ['-34 18', 0.3]
  return `<g transform="translate(250 230)">
  ${ear()}
  <g transform="translate(${at}) scale(${scale})">${device.whole}</g>
</g>`
}

/** `rank`: how many products of the same style come before it, so that look-alikes differ in finish. */
function productSvg(product, index, rank) {
  const style = STYLES[product.style]
  const h = hashOf(product.id)
  const finish = style.finishes[(rank + index) % style.finishes.length]
  const tint = index === 0 ? style.tint : shade(style.tint, -0.04)
  const glow = shade(style.tint, -0.08)
  const scene =
    index === 0
      ? `<ellipse cx="300" cy="392" rx="170" ry="18" fill="${OUTLINE}" opacity="0.08"/>
  <g transform="translate(300 212) rotate(${(h % 17) - 8}) scale(1.12)">${style.draw(finish).whole}</g>`
      : `<rect width="600" height="450" fill="${shade(SKIN, 0.3)}"/>
  <path d="M0 0 L600 0 L600 330 C580 220 530 120 440 74 C340 26 160 28 0 50 Z" fill="${HAIR}"/>
  <path d="M600 330 C580 220 530 120 440 74 C340 26 160 28 0 50" fill="none" stroke="${shade(HAIR, -0.2)}" stroke-width="3" opacity="0.6"/>
  <path d="M0 372 C70 388 140 410 186 450" fill="none" stroke="${shade(SKIN, -0.12)}" stroke-width="10" stroke-linecap="round" opacity="0.6"/>
  ${worn(product.style, finish)}`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 450" width="600" height="450">
<defs><radialGradient id="bg" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${tint}"/></radialGradient></defs>
<rect width="600" height="450" fill="url(#bg)"/>
<circle cx="${index === 0 ? 470 : 120}" cy="96" r="130" fill="${glow}" opacity="0.5"/>
${scene}
</svg>
`
}

/** Every product image as [site path, SVG], in data order. */
export async function productImages() {
  const { products } = JSON.parse(await readFile(DATA, 'utf8'))
  const ranks = new Map()
  const images = []
  for (const product of products) {
    if (!STYLES[product.style]) throw new Error(`products.json: ${product.id} has style "${product.style}", which has no drawing in devices.mjs`)
    const rank = ranks.get(product.style) ?? 0
    ranks.set(product.style, rank + 1)
    for (const [index, name] of product.images.entries()) images.push([`/media/products/${name}`, productSvg(product, index, rank)])
  }
  return images
}

export async function makeProducts() {
  const images = await productImages()
  for (const [sitePath, svg] of images) await writeOut(sitePath, svg)
  return { images: images.length }
}
