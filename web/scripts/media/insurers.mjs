/** Insurer logos: generic shapes + fictional names (no real insurer's mark). */
import { C, FONT, esc, writeOut } from './common.mjs'

const LOGO_COLOURS = ['#0b5e6f', '#1d4e89', '#6b3fa0', '#9a3412', '#1d6b3d', '#7a2e4f', '#0f3d4a', '#5b4a14', '#2d5f8a', '#84412a']

function logoMark(kind, colour, accent) {
  switch (kind) {
    case 0: // shield
      return `<path d="M30 18 L54 26 V46 C54 62 43 72 30 78 C17 72 6 62 6 46 V26 Z" fill="${colour}"/><path d="M30 32 V66 M18 46 H42" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`
    case 1: // leaf
      return `<path d="M10 70 C10 36 30 18 56 16 C56 46 40 68 10 70 Z" fill="${colour}"/><path d="M14 66 C26 50 38 38 50 24" stroke="${accent}" stroke-width="3" fill="none"/>`
    case 2: // concentric arcs
      return `<circle cx="30" cy="47" r="26" fill="none" stroke="${colour}" stroke-width="7"/><circle cx="30" cy="47" r="13" fill="${accent}"/>`
    case 3: // mountain
      return `<path d="M2 74 L24 34 L34 50 L44 30 L62 74 Z" fill="${colour}"/><path d="M24 34 L30 45 L18 45 Z M44 30 L50 42 L38 42 Z" fill="#fff"/>`
    case 4: // hexagon with plus
      return `<path d="M30 18 L55 32 V62 L30 76 L5 62 V32 Z" fill="${colour}"/><path d="M30 34 V60 M17 47 H43" stroke="#fff" stroke-width="7" stroke-linecap="round"/>`
    case 5: // waves
      return `<rect x="4" y="22" width="52" height="52" rx="12" fill="${colour}"/><path d="M10 42 q8 -8 16 0 t16 0 t12 0 M10 56 q8 -8 16 0 t16 0 t12 0" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>`
    case 6: // sun
      return `<circle cx="30" cy="48" r="14" fill="${accent}"/>${Array.from({ length: 8 }, (_, i) => {
        const a = (i * Math.PI) / 4
        return `<line x1="${30 + Math.cos(a) * 20}" y1="${48 + Math.sin(a) * 20}" x2="${30 + Math.cos(a) * 28}" y2="${48 + Math.sin(a) * 28}" stroke="${colour}" stroke-width="5" stroke-linecap="round"/>`
      }).join('')}`
    case 7: // heart outline
      return `<path d="M30 74 C8 58 4 44 4 36 C4 26 12 20 20 20 C25 20 28 23 30 27 C32 23 35 20 40 20 C48 20 56 26 56 36 C56 44 52 58 30 74 Z" fill="none" stroke="${colour}" stroke-width="7" stroke-linejoin="round"/>`
    case 8: // diamond
      return `<path d="M30 16 L56 47 L30 78 L4 47 Z" fill="${colour}"/><path d="M30 30 L44 47 L30 64 L16 47 Z" fill="${accent}"/>`
    default: // tree
      return `<circle cx="30" cy="38" r="22" fill="${colour}"/><rect x="26" y="52" width="8" height="24" rx="2" fill="${accent}"/>`
  }
}

function insurerSvg(name, i) {
  // Marks repeat every 10 logos; colours shift so that no two logos look alike.
  const colour = LOGO_COLOURS[(i + Math.floor(i / 10) * 5) % LOGO_COLOURS.length]
  const accent = LOGO_COLOURS[(i + 3 + Math.floor(i / 10) * 2) % LOGO_COLOURS.length]
  const words = name.split(' ')
  // Two lines: the distinctive first word large, the rest smaller.
  const first = words[0]
  const rest = words.slice(1).join(' ')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" role="img" aria-label="${esc(name)}">
  <title>${esc(name)}</title>
  <g transform="translate(14 12)">${logoMark(i % 10, colour, accent)}</g>
  <text x="84" y="${rest ? 62 : 70}" font-family="${FONT}" font-size="${first.length > 10 ? 20 : 23}" font-weight="700" fill="${C.text}">${esc(first)}</text>
  ${rest ? `<text x="84" y="84" font-family="${FONT}" font-size="14" letter-spacing="1.2" fill="${colour}">${esc(rest.toUpperCase())}</text>` : ''}
</svg>
`
}

export async function makeInsurers({ media }) {
  for (const [i, logo] of media.insurers.entries()) await writeOut(logo.src, insurerSvg(logo.name, i))
}
