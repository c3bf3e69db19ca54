/**
 * Hearing-aid drawings by style (the `style` of services/catalogue/data/products.json): the shape of
 * the device a patient would hold, with no brand on it. Each drawing is an SVG group centred on its
 * origin, about 320 × 320 units, coloured by the finish it is given.
 */
import { INK as OUTLINE, shade, stroke as line } from './figures.mjs'

/** Finishes hearing aids come in, none tied to a maker. `mark`: the button and receiver colour. */
export const FINISHES = [
  { name: 'silver', shell: '#c7ccd2', mark: '#4a5560' },
  { name: 'graphite', shell: '#43494f', mark: '#9aa5ad' },
  { name: 'champagne', shell: '#dcc7a4', mark: '#7a6245' },
  { name: 'chestnut', shell: '#8c6a52', mark: '#e8d6c3' },
  { name: 'pearl', shell: '#eceeee', mark: '#5f6b73' },
  { name: 'sand', shell: '#b9a58c', mark: '#4d4034' },
]

/** Custom and in-canal shells come in skin tones or titanium rather than in the finishes above. */
const BEIGE = { name: 'beige', shell: '#e2b79b', mark: '#6b4a36' }
const COCOA = { name: 'cocoa', shell: '#9c6b4e', mark: '#f0dccd' }
const TITANIUM = { name: 'titanium', shell: '#8f969c', mark: '#2f3539' }

const EARMOULD = '#f0d9c6'

/** The receiver at the end of the wire, with its soft dome (tip pointing down-left). */
function receiverWithDome(x, y, angle, finish) {
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
  <rect x="-9" y="-30" width="18" height="34" rx="8" fill="${finish.mark}" stroke="${OUTLINE}" stroke-width="2.5"/>
  <path d="M-20 16 C-20 -2 20 -2 20 16 C20 30 10 36 0 36 C-10 36 -20 30 -20 16 Z" fill="#f4f6f6" stroke="${OUTLINE}" stroke-width="2.5"/>
  ${line('M-10 12 C-6 24 6 24 10 12', '#b8c7cd', 2)}
</g>`
}

/** Receiver-in-canal: a small curved body behind the ear, a thin wire and a receiver with a dome. */
function receiverInCanal(finish, { slim = false } = {}) {
  const body = slim
    ? 'M-4 -118 C16 -122 26 -104 26 -80 L24 70 C24 104 6 116 -8 110 C-20 104 -24 88 -24 70 L-24 -90 C-24 -108 -16 -116 -4 -118 Z'
    : 'M0 -104 C30 -108 46 -84 48 -52 C52 0 54 52 42 86 C32 112 -6 114 -18 90 C-30 62 -32 0 -28 -52 C-26 -82 -20 -102 0 -104 Z'
  const highlight = slim ? 'M-14 -96 L-14 80' : 'M-16 -80 C-20 -30 -20 30 -10 74'
  const button = slim
    ? `<rect x="-7" y="-64" width="14" height="44" rx="7" fill="${finish.mark}"/>`
    : `<rect x="6" y="-56" width="18" height="46" rx="9" fill="${finish.mark}"/>`
  const cap = slim ? `<path d="M-24 40 L24 40 L24 70 C24 104 6 116 -8 110 C-20 104 -24 88 -24 70 Z" fill="${shade(finish.shell, -0.18)}"/>` : ''
  const top = slim ? [-4, -118] : [0, -104]
  const wire = `M${top[0]} ${top[1]} C${top[0] - 30} ${top[1] - 40} -120 -130 -138 -70 C-152 -24 -140 30 -116 64`
  const behind = `<path d="${body}" fill="${finish.shell}" stroke="${OUTLINE}" stroke-width="3"/>
  ${cap}
  ${line(highlight, '#ffffff', 6, ' opacity="0.45"')}
  ${button}
  <circle cx="${top[0] + 6}" cy="${top[1] + 14}" r="3" fill="${OUTLINE}"/><circle cx="${top[0] + 14}" cy="${top[1] + 26}" r="3" fill="${OUTLINE}"/>`
  return {
    behind,
    whole: `${line(wire, OUTLINE, 6)}${line(wire, '#8795a0', 2)}${receiverWithDome(-112, 70, 28, finish)}${behind}`,
  }
}

/** Behind-the-ear (power): a larger body, a curved earhook, clear tubing and a custom earmould. */
function behindTheEar(finish) {
  const hook = 'M-56 -126 C-100 -150 -150 -120 -150 -60 C-150 -10 -136 30 -112 52'
  const behind = `<path d="M-62 -120 C-40 -148 4 -150 26 -124 C50 -96 62 -20 58 40 C54 100 34 132 6 134 C-22 136 -30 110 -34 80 C-40 20 -56 -40 -70 -84 C-76 -102 -72 -112 -62 -120 Z" fill="${finish.shell}" stroke="${OUTLINE}" stroke-width="3"/>
  <path d="M-66 -128 C-62 -142 -52 -148 -44 -144 L-40 -120 Z" fill="${shade(finish.shell, -0.25)}" stroke="${OUTLINE}" stroke-width="3" stroke-linejoin="round"/>
  ${line('M-50 -104 C-40 -60 -28 0 -20 70', '#ffffff', 7, ' opacity="0.4"')}
  <rect x="14" y="-92" width="20" height="56" rx="10" fill="${finish.mark}"/>
  <path d="M-30 88 C-10 84 26 84 44 88" fill="none" stroke="${OUTLINE}" stroke-width="2.5" opacity="0.55"/>
  <circle cx="8" cy="110" r="5" fill="${OUTLINE}" opacity="0.6"/>`
  return {
    behind,
    whole: `<g transform="translate(30 0)">
  ${line(hook, '#d7e3e6', 12, ' opacity="0.9"')}
  ${line(hook, OUTLINE, 2, ' opacity="0.5"')}
  <path d="M-140 40 C-112 24 -76 40 -74 72 C-72 104 -104 128 -132 118 C-160 108 -166 56 -140 40 Z" fill="${EARMOULD}" stroke="${OUTLINE}" stroke-width="3" opacity="0.95"/>
  <ellipse cx="-118" cy="86" rx="10" ry="7" fill="${shade(EARMOULD, -0.35)}"/>
  ${behind}
</g>`,
  }
}

/** In-the-ear: a custom shell filling the bowl of the ear, seen face on, with its faceplate. */
function inTheEar(finish) {
  const plate = shade(finish.shell, -0.12)
  return { whole: `<g>
  <path d="M96 -18 C128 -20 146 4 140 30 C134 52 112 60 96 50 Z" fill="${shade(finish.shell, -0.2)}" stroke="${OUTLINE}" stroke-width="3"/>
  <path d="M-110 -40 C-120 -100 -40 -136 30 -118 C100 -100 130 -40 110 20 C92 74 40 112 -20 108 C-80 104 -104 40 -110 -40 Z" fill="${finish.shell}" stroke="${OUTLINE}" stroke-width="3"/>
  <path d="M-84 -36 C-88 -84 -30 -106 24 -94 C80 -80 100 -34 86 10 C72 52 32 80 -16 78 C-60 76 -80 28 -84 -36 Z" fill="${plate}" stroke="${OUTLINE}" stroke-width="2" opacity="0.95"/>
  <circle cx="-10" cy="-14" r="30" fill="${shade(finish.shell, 0.35)}" stroke="${OUTLINE}" stroke-width="2.5"/>
  ${line('M-28 -14 L8 -14', OUTLINE, 2.5, ' opacity="0.45"')}
  <rect x="38" y="-62" width="30" height="16" rx="8" fill="${finish.mark}"/>
  <circle cx="-48" cy="-62" r="5" fill="${OUTLINE}"/><circle cx="-30" cy="-74" r="5" fill="${OUTLINE}"/>
  ${line('M-96 -60 C-90 -96 -40 -118 10 -110', '#ffffff', 6, ' opacity="0.45"')}
</g>` }
}

/** Completely-in-canal: a tiny shell that sits deep in the canal, with a clear removal thread. */
function completelyInCanal(finish, { sleeve = false } = {}) {
  const tip = sleeve
    ? `<path d="M60 -28 C96 -40 120 -20 120 0 C120 20 96 40 60 28 Z" fill="#eef4f5" stroke="${OUTLINE}" stroke-width="2.5"/>
  ${line('M78 -26 C90 -10 90 10 78 26', '#b8c7cd', 2)}${line('M98 -22 C106 -8 106 8 98 22', '#b8c7cd', 2)}`
    : `<path d="M66 -24 C92 -24 104 -12 104 0 C104 12 92 24 66 24 Z" fill="${shade(finish.shell, -0.22)}" stroke="${OUTLINE}" stroke-width="2.5"/>`
  return { whole: `<g transform="rotate(-12)">
  ${line('M-70 10 C-110 30 -130 70 -120 110', shade('#ffffff', -0.45), 4)}
  <circle cx="-120" cy="112" r="8" fill="#e7eef0" stroke="${OUTLINE}" stroke-width="2.5"/>
  ${tip}
  <path d="M-80 -50 C-40 -70 40 -56 70 -30 C82 -18 82 18 70 30 C40 56 -40 70 -80 50 C-100 30 -100 -30 -80 -50 Z" fill="${finish.shell}" stroke="${OUTLINE}" stroke-width="3"/>
  <ellipse cx="-74" cy="0" rx="16" ry="46" fill="${shade(finish.shell, -0.14)}" stroke="${OUTLINE}" stroke-width="2.5"/>
  <circle cx="-74" cy="-14" r="7" fill="${finish.mark}"/><circle cx="-74" cy="16" r="4" fill="${OUTLINE}"/>
  ${line('M-40 -48 C0 -56 40 -44 62 -26', '#ffffff', 6, ' opacity="0.45"')}
</g>` }
}

/**
 * The drawings by catalogue style: `draw(finish)` gives `whole` (the device on its own) and, for
 * the styles worn behind the ear, `behind` (the body alone, the part that shows behind the ear).
 * `worn`: where the device sits in the ear drawing of products.mjs.
 */
export const STYLES = {
  'receiver-in-canal': { draw: (f) => receiverInCanal(f), finishes: FINISHES, tint: '#e3f1f3', worn: 'wire' },
  'slim-receiver-in-canal': { draw: (f) => receiverInCanal(f, { slim: true }), finishes: FINISHES, tint: '#eaeef6', worn: 'wire' },
  'behind-the-ear': { draw: behindTheEar, finishes: FINISHES, tint: '#e8f0e6', worn: 'tube' },
  'in-the-ear': { draw: inTheEar, finishes: [BEIGE, COCOA, TITANIUM], tint: '#f4ece4', worn: 'bowl' },
  'completely-in-canal': { draw: (f) => completelyInCanal(f), finishes: [TITANIUM, BEIGE, COCOA], tint: '#efe9f3', worn: 'canal' },
  'instant-fit-in-canal': { draw: (f) => completelyInCanal(f, { sleeve: true }), finishes: [COCOA, BEIGE, TITANIUM], tint: '#eef3ea', worn: 'canal' },
}
