/** Team portraits: illustrated, not real people. */
import { svgToWebp } from './common.mjs'

const PORTRAITS = [
  { bg: '#cfe6ea', skin: '#e9b99a', hair: '#5a3825', style: 'long', shirt: '#0b5e6f', coat: true },
  { bg: '#dfe3f1', skin: '#a8714f', hair: '#1f1a17', style: 'short', shirt: '#1d4e89', coat: true },
  { bg: '#f1e4d8', skin: '#f1c9a8', hair: '#b5793a', style: 'bun', shirt: '#7a2e4f', coat: false },
  { bg: '#dcebdc', skin: '#d9a57c', hair: '#2b211c', style: 'bob', shirt: '#1d6b3d', coat: false },
]

function portraitSvg(p) {
  const hairBack = {
    long: `<path d="M160 170 C150 100 200 70 240 70 C290 70 335 100 322 180 L330 300 C300 320 180 320 150 300 Z" fill="${p.hair}"/>`,
    short: '',
    bun: `<circle cx="240" cy="78" r="34" fill="${p.hair}"/>`,
    bob: `<path d="M162 170 C155 100 200 72 240 72 C284 72 330 100 320 175 L324 250 C296 262 184 262 156 250 Z" fill="${p.hair}"/>`,
  }[p.style]
  const hairFront = {
    long: `<path d="M172 160 C176 112 208 92 242 92 C280 92 308 116 310 160 C290 128 262 118 236 120 C212 122 190 136 172 160 Z" fill="${p.hair}"/>`,
    short: `<path d="M172 158 C170 104 206 84 242 84 C282 84 312 108 308 158 C300 132 276 118 244 118 C212 118 186 130 172 158 Z" fill="${p.hair}"/>`,
    bun: `<path d="M174 160 C176 112 208 94 242 94 C278 94 306 116 308 160 C294 132 266 120 240 120 C214 120 190 134 174 160 Z" fill="${p.hair}"/>`,
    bob: `<path d="M172 170 C170 112 206 92 242 92 C280 92 312 114 310 170 C300 138 270 122 240 122 C212 122 184 140 172 170 Z" fill="${p.hair}"/>`,
  }[p.style]
  const coat = p.coat
    ? `<path d="M104 480 C110 390 160 350 206 338 L240 420 L274 338 C320 350 370 390 376 480 Z" fill="#ffffff"/><path d="M206 338 L240 420 L274 338" fill="none" stroke="#d6dde0" stroke-width="4"/>`
    : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient></defs>
  <rect width="480" height="480" fill="${p.bg}"/>
  <rect width="480" height="480" fill="url(#bg)"/>
  <circle cx="240" cy="230" r="190" fill="#ffffff" opacity="0.35"/>
  <g transform="translate(0 18)">${hairBack}</g>
  <path d="M100 480 C106 388 160 344 240 340 C320 344 374 388 380 480 Z" fill="${p.shirt}"/>
  ${coat}
  <path d="M214 280 L214 350 C224 364 256 364 266 350 L266 280 Z" fill="${p.skin}"/>
  <path d="M214 314 C226 326 254 326 266 314 L266 300 C252 310 228 310 214 300 Z" fill="#000" opacity="0.08"/>
  <g transform="translate(0 18)">
    <ellipse cx="240" cy="200" rx="70" ry="86" fill="${p.skin}"/>
    <ellipse cx="170" cy="208" rx="12" ry="20" fill="${p.skin}"/>
    <ellipse cx="310" cy="208" rx="12" ry="20" fill="${p.skin}"/>
    ${hairFront}
    <path d="M214 238 C226 250 254 250 266 238" stroke="#000" stroke-opacity="0.18" stroke-width="4" fill="none" stroke-linecap="round"/>
  </g>
</svg>
`
}

export async function makeTeam({ media }, work) {
  const entries = Object.entries(media.team).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
  for (const [i, [, image]] of entries.entries()) await svgToWebp(portraitSvg(PORTRAITS[i % PORTRAITS.length]), image.src, work, 80)
}
