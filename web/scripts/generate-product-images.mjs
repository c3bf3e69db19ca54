#!/usr/bin/env node
/**
 * Makes the shop's product images (web/public/media/products/*.svg) from the catalogue data file
 * (services/catalogue/data/products.json): one small drawn SVG per image name, nothing downloaded.
 *
 *   npm run generate-product-images -w web
 *
 * Outputs are committed; run this again after adding a product or an image name to the data file.
 */
import escapeHtml from 'escape-html'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const WEB = fileURLToPath(new URL('..', import.meta.url))
const DATA = path.join(WEB, '..', 'services', 'catalogue', 'data', 'products.json')
const OUT = path.join(WEB, 'public', 'media', 'products')
const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif"

/** A colour per brand, all dark enough for white text (WCAG AA). */
const BRAND_COLOUR = { Phonak: '#0b5e6f', Signia: '#7a2e4f', Oticon: '#1f4e8c', Unitron: '#3d5a1e' }
/** Shell colours the aids come in; the second image of a product shows another one. */
const SHELLS = ['#c9ced3', '#8a6f5a', '#3b3f45', '#e8d9c4']


/** Behind-the-ear / receiver-in-canal body with its wire and dome, or an in-ear shell for custom models. */
function aid(kind, shell, accent) {
  if (kind === 'in-ear') {
    return `<g transform="translate(300 205)">
  <path d="M-70 -40 C-60 -95 40 -100 75 -50 C105 -5 85 60 30 75 C-20 88 -80 60 -85 15 Z" fill="${shell}" stroke="#1b2a33" stroke-width="3"/>
  <circle cx="20" cy="5" r="16" fill="${accent}"/><circle cx="-30" cy="-20" r="6" fill="#1b2a33"/>
</g>`
  }
  return `<g transform="translate(250 200)">
  <path d="M-20 -95 C30 -120 95 -90 95 -30 L85 60 C80 95 30 100 10 70 L-35 -40 C-45 -70 -40 -85 -20 -95 Z" fill="${shell}" stroke="#1b2a33" stroke-width="3"/>
  <rect x="30" y="-60" width="14" height="36" rx="7" fill="${accent}"/>
  <path d="M-20 -95 C-80 -110 -120 -40 -110 30 C-105 70 -80 95 -60 100" fill="none" stroke="#1b2a33" stroke-width="5" stroke-linecap="round"/>
  <ellipse cx="-55" cy="108" rx="22" ry="16" fill="#f3f7f8" stroke="#1b2a33" stroke-width="3"/>
</g>`
}

function svg(product, index) {
  const colour = BRAND_COLOUR[product.brand] ?? '#0b5e6f'
  const kind = /virto|own|silk/i.test(product.title) ? 'in-ear' : 'behind-ear'
  const shell = SHELLS[(product.id.length + index) % SHELLS.length]
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 450" role="img" aria-label="${escapeHtml(product.title)}">
<rect width="600" height="450" fill="${index === 0 ? '#f3f7f8' : '#e3f1f3'}"/>
<circle cx="${index === 0 ? 470 : 130}" cy="90" r="140" fill="${colour}" opacity="0.08"/>
${aid(kind, shell, colour)}
<rect x="0" y="370" width="600" height="80" fill="${colour}"/>
<text x="30" y="405" font-family="${FONT}" font-size="18" font-weight="700" fill="#ffffff">${escapeHtml(product.brand.toUpperCase())}</text>
<text x="30" y="432" font-family="${FONT}" font-size="20" fill="#ffffff">${escapeHtml(product.title)}</text>
</svg>
`
}

const { products } = JSON.parse(await readFile(DATA, 'utf8'))
await mkdir(OUT, { recursive: true })
let count = 0
for (const product of products) {
  for (const [index, name] of product.images.entries()) {
    await writeFile(path.join(OUT, name), svg(product, index))
    count++
  }
}
console.log(`generate-product-images: ${count} images in ${path.relative(process.cwd(), OUT)}`)
