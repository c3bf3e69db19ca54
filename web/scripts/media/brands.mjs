/** Brand cards: product-style hearing-aid illustrations (no brand names or marks). */
import { esc, writeOut } from './common.mjs'

function hearingAid({ x, y, scale = 1, body, trim, rotate = 0 }) {
  // A behind-the-ear body, a thin tube to a receiver dome.
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})">
    <path d="M0 0 C30 -18 70 -10 82 22 C92 50 86 112 60 150 C50 164 30 166 24 150 C14 118 10 70 -6 32 C-12 18 -10 6 0 0 Z" fill="${body}"/>
    <path d="M8 8 C32 -4 62 2 72 26" stroke="#ffffff" stroke-opacity="0.45" stroke-width="6" fill="none" stroke-linecap="round"/>
    <rect x="46" y="40" width="12" height="26" rx="6" fill="${trim}"/>
    <path d="M4 6 C-40 -20 -86 6 -92 56 C-95 80 -86 100 -70 108" stroke="${trim}" stroke-width="5" fill="none" stroke-linecap="round"/>
    <ellipse cx="-66" cy="114" rx="14" ry="10" fill="${trim}" opacity="0.9"/>
  </g>`
}

const BRAND_ART = {
  phonak: { bg1: '#e3f1f3', bg2: '#c4e2e7', body: '#5f6b73', trim: '#0b5e6f', extra: '' },
  signia: { bg1: '#eef0f8', bg2: '#d5dbef', body: '#c8ccd4', trim: '#1d4e89', extra: '' },
  oticon: { bg1: '#f4efe9', bg2: '#e6dacb', body: '#8a6e55', trim: '#9a3412', extra: 'charger' },
  unitron: { bg1: '#eef4ee', bg2: '#d3e5d6', body: '#3f4a45', trim: '#1d6b3d', extra: 'pair' },
}

function brandSvg(key, alt) {
  const art = BRAND_ART[key] ?? BRAND_ART.phonak
  const charger =
    art.extra === 'charger'
      ? `<rect x="250" y="250" width="180" height="70" rx="34" fill="#ffffff" stroke="#d8cbbb" stroke-width="3"/><circle cx="400" cy="285" r="6" fill="#1d6b3d"/>`
      : ''
  const aids =
    art.extra === 'pair'
      ? hearingAid({ x: 170, y: 80, scale: 1.05, body: art.body, trim: art.trim, rotate: -8 }) +
        hearingAid({ x: 360, y: 96, scale: 1.05, body: art.body, trim: art.trim, rotate: 10 })
      : hearingAid({ x: 270, y: 70, scale: 1.35, body: art.body, trim: art.trim, rotate: art.extra === 'charger' ? -4 : 6 })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360" role="img" aria-label="${esc(alt)}">
  <title>${esc(alt)}</title>
  <defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${art.bg1}"/><stop offset="1" stop-color="${art.bg2}"/></radialGradient></defs>
  <rect width="480" height="360" fill="url(#bg)"/>
  <ellipse cx="260" cy="318" rx="170" ry="16" fill="#000" opacity="0.07"/>
  ${charger}
  ${aids}
</svg>
`
}

export async function makeBrands({ media }) {
  for (const [key, image] of Object.entries(media.brands)) await writeOut(image.src, brandSvg(key, image.alt))
}
