/** Shapes the drawings share: colour mixing, strokes, an ear, a person, speech bubbles, sound. */

export const INK = '#1b2a33'
export const TEAL = '#0b5e6f'
export const PAPER = '#ffffff'
export const SKIN = '#e6b797'

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex, amount) {
  const target = amount < 0 ? 0 : 255
  const channel = (i) => {
    const v = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16)
    return Math.round(v + (target - v) * Math.abs(amount))
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(1)}${channel(2)}`
}

export const stroke = (d, colour, width, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`

/** Arcs spreading from (x, y) to the right (direction 1) or left (-1): sound. */
export function soundArcs(x, y, direction, colour, count = 3, gap = 34) {
  return Array.from({ length: count }, (_, i) => {
    const r = 30 + i * gap
    const dx = direction * r * 0.7
    return stroke(`M${x + dx} ${y - r * 0.7} Q${x + direction * r * 1.15} ${y} ${x + dx} ${y + r * 0.7}`, colour, 9 - i * 2, ` opacity="${1 - i * 0.22}"`)
  }).join('')
}

/** A head in profile facing right (direction 1) or left (-1), with shoulders; `hair` colours it. */
export function person(x, y, direction, { skin = SKIN, hair = '#6b4a36', top = TEAL, long = false } = {}) {
  const flip = direction < 0 ? ' scale(-1 1)' : ''
  const hairPath = long
    ? 'M-58 -10 C-70 -80 -10 -110 30 -86 C52 -72 50 -50 40 -44 C10 -60 -20 -40 -26 0 C-30 40 -40 70 -62 80 C-72 40 -64 20 -58 -10 Z'
    : 'M-54 -20 C-60 -84 10 -110 44 -70 C50 -60 48 -50 42 -46 C10 -62 -24 -48 -34 -14 Z'
  return `<g transform="translate(${x} ${y})${flip}">
  <path d="M-110 240 C-110 150 -60 110 0 110 C60 110 110 150 110 240 Z" fill="${top}"/>
  <rect x="-18" y="60" width="36" height="60" rx="14" fill="${shade(skin, -0.1)}"/>
  <path d="M-48 -30 C-50 -80 40 -90 52 -30 C56 -12 66 4 58 10 L50 14 C52 40 40 70 8 74 C-24 78 -48 50 -50 10 Z" fill="${skin}"/>
  <path d="${hairPath}" fill="${hair}"/>
  <ellipse cx="-10" cy="6" rx="10" ry="15" fill="${shade(skin, -0.15)}"/>
</g>`
}

/** A speech bubble centred on (x, y), tail towards `tail` (-1 left, 1 right), with lines of "words". */
export function bubble(x, y, w, h, tail, fill, lines = 3) {
  const tx = x + tail * (w / 2 - 30)
  const words = Array.from({ length: lines }, (_, i) => {
    const ly = y - h / 2 + 30 + i * 22
    return ly < y + h / 2 - 18 ? `<rect x="${x - w / 2 + 28}" y="${ly - 5}" width="${(w - 56) * (i === lines - 1 ? 0.6 : 1)}" height="10" rx="5" fill="${PAPER}" opacity="0.85"/>` : ''
  }).join('')
  return `<path d="M${x - w / 2 + 24} ${y - h / 2} H${x + w / 2 - 24} Q${x + w / 2} ${y - h / 2} ${x + w / 2} ${y - h / 2 + 24} V${y + h / 2 - 24} Q${x + w / 2} ${y + h / 2} ${x + w / 2 - 24} ${y + h / 2} H${tx + 18} L${tx + tail * 26} ${y + h / 2 + 34} L${tx - 18} ${y + h / 2} H${x - w / 2 + 24} Q${x - w / 2} ${y + h / 2} ${x - w / 2} ${y + h / 2 - 24} V${y - h / 2 + 24} Q${x - w / 2} ${y - h / 2} ${x - w / 2 + 24} ${y - h / 2} Z" fill="${fill}"/>${words}`
}

/** A right ear seen from the side (face to the left), centred on its origin, about 220 × 310. */
export function ear() {
  const dark = shade(SKIN, -0.2)
  return `<path d="M-46 -132 C18 -166 104 -146 114 -62 C122 0 94 40 72 70 C56 94 52 132 20 152 C-6 168 -34 152 -38 124 C-40 104 -30 94 -46 78 C-62 62 -72 46 -66 24 C-78 -6 -84 -64 -72 -102 C-66 -120 -58 -128 -46 -132 Z" fill="${SKIN}" stroke="${dark}" stroke-width="3"/>
  <path d="M-52 -110 C8 -142 90 -124 94 -58 C98 -8 74 28 56 56" fill="none" stroke="${dark}" stroke-width="5" stroke-linecap="round"/>
  <path d="M60 -80 C40 -50 30 -18 28 12 C26 34 16 52 4 64 M40 -48 C20 -60 -4 -64 -24 -58" fill="none" stroke="${dark}" stroke-width="4" stroke-linecap="round" opacity="0.8"/>
  <path d="M-42 -12 C-20 -32 16 -22 20 8 C24 38 0 58 -24 54 C-44 50 -54 18 -42 -12 Z" fill="${dark}" opacity="0.55"/>
  <ellipse cx="-40" cy="18" rx="10" ry="14" fill="${shade(SKIN, -0.55)}"/>
  <path d="M-66 -4 C-52 4 -52 32 -66 40" fill="${SKIN}" stroke="${dark}" stroke-width="3"/>`
}
