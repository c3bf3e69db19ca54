/**
 * The home hero's picture (media.ts `heroArt`): a hearing consultation, the audiologist explaining
 * an audiogram to a patient who wears a hearing aid, on a light card of its own so that it reads as
 * a whole on the dark hero at every width. Decorative: the hero's text says what the practice does.
 */
import { FINISHES, STYLES } from './devices.mjs'
import { INK, PAPER, person, shade, SKIN, soundArcs, stroke, TEAL } from './figures.mjs'
import { writeOut } from './common.mjs'

const CARD = '#e3f1f3'
const WARM = '#c2410c'
const LEAF = '#2f7d5b'

function heroSvg({ width, height }) {
  const audiogram = [[0, 0], [34, 6], [68, 18], [102, 38], [136, 52]]
    .map(([x, y], i) => `${i ? 'L' : 'M'}${262 + x} ${378 + y}`)
    .join(' ')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<clipPath id="card"><rect width="${width}" height="${height}" rx="32"/></clipPath>
<g clip-path="url(#card)">
<rect width="${width}" height="${height}" fill="${CARD}"/>
<rect x="40" y="40" width="250" height="190" rx="18" fill="${PAPER}" opacity="0.7"/>
<path d="M165 40 V230 M40 135 H290" stroke="${CARD}" stroke-width="10"/>
<circle cx="566" cy="86" r="44" fill="#f6e7b8"/>
<rect y="430" width="${width}" height="${height - 430}" fill="${shade(CARD, -0.08)}"/>
<path d="M70 430 C60 380 80 350 96 330 C100 360 96 400 92 430 Z M92 430 C96 380 120 350 146 344 C136 372 118 404 104 430 Z M84 430 C70 396 44 380 26 380 C40 400 58 420 70 430 Z" fill="${LEAF}"/>
<path d="M50 430 H136 L126 500 H60 Z" fill="${WARM}"/>
${person(210, 236, 1, { skin: '#a86f4f', hair: '#2e2420', top: TEAL, long: true })}
<path d="M146 360 L210 420 L274 360" fill="none" stroke="${PAPER}" stroke-width="14" stroke-linejoin="round"/>
${person(470, 246, -1, { skin: SKIN, hair: '#d9d4cc', top: WARM })}
<g transform="translate(508 236) rotate(14) scale(0.26)">${STYLES['receiver-in-canal'].draw(FINISHES[0]).behind}</g>
${soundArcs(278, 246, 1, TEAL, 3, 26)}
<rect x="110" y="468" width="420" height="24" rx="12" fill="${PAPER}"/>
<rect x="150" y="492" width="18" height="68" fill="${shade(CARD, -0.2)}"/><rect x="472" y="492" width="18" height="68" fill="${shade(CARD, -0.2)}"/>
<g transform="rotate(-6 330 406)"><rect x="245" y="346" width="170" height="120" rx="14" fill="${INK}"/><rect x="255" y="356" width="150" height="100" rx="7" fill="${PAPER}"/>
${[0, 1, 2].map((i) => `<path d="M262 ${378 + i * 26} H398" stroke="#b8c7cd" stroke-width="2"/>`).join('')}
${stroke(audiogram, WARM, 5)}</g>
</g>
</svg>
`
}

/** The picture as [site path, SVG]. */
export const heroArtImage = (heroArt) => [heroArt.src, heroSvg(heroArt)]

export async function makeHeroArt({ media }) {
  await writeOut(...heroArtImage(media.heroArt))
}
