/**
 * The articles' illustrations by topic: an article's front matter names one (`illustration:`) and
 * articles.mjs draws it. Each is a flat drawing in the site's palette on a 1200 × 630 canvas with
 * its subject in the middle, so the cards (which show the whole picture) and the article page
 * agree. No text in the pictures: the alternative text is the article's `imageAlt`.
 */
import { FINISHES, STYLES } from './devices.mjs'
import { bubble, ear, INK, PAPER, person, shade, soundArcs, stroke, TEAL } from './figures.mjs'

const TEAL_SOFT = '#e3f1f3'
const WARM = '#c2410c'
const GOLD = '#b7791f'

/** A brain seen from the side, centred on (x, y), about 300 × 230. */
function brain(x, y, fill, line) {
  return `<g transform="translate(${x} ${y})">
  <path d="M-140 10 C-160 -60 -110 -116 -40 -112 C0 -136 70 -128 100 -90 C150 -80 166 -20 146 20 C150 70 100 100 50 90 C30 120 -20 118 -40 96 C-100 110 -150 70 -140 10 Z" fill="${fill}"/>
  ${stroke('M-100 -40 C-80 -70 -40 -60 -40 -30 C-40 0 0 10 10 -20 C20 -60 70 -60 80 -20 C90 20 120 20 124 0', line, 7)}
  ${stroke('M-110 30 C-80 10 -50 40 -20 30 C10 20 20 60 60 50 C90 40 100 60 110 52', line, 7)}
  ${stroke('M-30 -100 C-20 -80 0 -76 16 -92', line, 7)}
  <path d="M20 96 C20 130 40 150 30 176" fill="none" stroke="${shade(fill, -0.15)}" stroke-width="30" stroke-linecap="round"/>
</g>`
}

/** A line chart frame with axes from (x, y) (bottom left), w × h. */
const axes = (x, y, w, h) => stroke(`M${x} ${y - h} V${y} H${x + w}`, INK, 5)

const points = (list) => list.map(([px, py], i) => `${i ? 'L' : 'M'}${px} ${py}`).join(' ')

const MOTIFS = {
  /** Tinnitus: an ear with a ringing "zigzag" fading into calm waves, and a moon for better sleep. */
  tinnitus: {
    tint: '#e9e6f5',
    draw: () => `<circle cx="960" cy="150" r="62" fill="#f6e7b8"/><circle cx="990" cy="128" r="56" fill="#e9e6f5"/>
  <g transform="translate(420 320) scale(1.25)">${ear()}</g>
  ${stroke('M560 250 L600 220 L630 280 L660 210 L690 290 L720 230', '#5a4a8a', 9)}
  ${stroke('M560 330 C620 300 660 360 720 330 C780 300 820 360 880 330 C940 300 980 360 1040 330', TEAL, 9, ' opacity="0.85"')}
  ${stroke('M560 400 C630 380 680 420 750 400 C820 380 870 420 940 400', TEAL, 7, ' opacity="0.5"')}`,
  },

  /** A hearing evaluation: headphones beside an audiogram (frequency across, loudness down). */
  'hearing-evaluation': {
    tint: TEAL_SOFT,
    draw: () => {
      const right = [[560, 200], [640, 210], [720, 240], [800, 290], [880, 340], [960, 380]]
      const left = [[560, 215], [640, 230], [720, 260], [800, 320], [880, 370], [960, 400]]
      const grid = [0, 1, 2, 3, 4, 5]
        .map((i) => `<path d="M${560 + i * 80} 150 V470 M520 ${150 + i * 64} H1000" stroke="#b8c7cd" stroke-width="2"/>`)
        .join('')
      return `<rect x="500" y="120" width="530" height="380" rx="24" fill="${PAPER}"/>${grid}
  ${stroke(points(right), WARM, 6)}${right.map(([px, py]) => `<circle cx="${px}" cy="${py}" r="13" fill="${PAPER}" stroke="${WARM}" stroke-width="6"/>`).join('')}
  ${stroke(points(left), '#1d4e89', 6)}${left.map(([px, py]) => `<path d="M${px - 11} ${py - 11} L${px + 11} ${py + 11} M${px + 11} ${py - 11} L${px - 11} ${py + 11}" stroke="#1d4e89" stroke-width="6" stroke-linecap="round"/>`).join('')}
  ${stroke('M200 360 C200 170 420 170 420 360', INK, 22)}
  <rect x="160" y="320" width="80" height="140" rx="36" fill="${TEAL}"/><rect x="380" y="320" width="80" height="140" rx="36" fill="${TEAL}"/>
  <rect x="180" y="350" width="20" height="80" rx="10" fill="${TEAL_SOFT}" opacity="0.6"/><rect x="400" y="350" width="20" height="80" rx="10" fill="${TEAL_SOFT}" opacity="0.6"/>`
    },
  },

  /** Caring for hearing aids: a pair in an open charging case, a cleaning brush and a cloth. */
  'hearing-aid-care': {
    tint: '#e8f0e6',
    draw: () => {
      const aid = (x, angle, finish) => `<g transform="translate(${x} 250) rotate(${angle}) scale(0.7)">${STYLES['receiver-in-canal'].draw(finish).whole}</g>`
      return `<path d="M360 330 H840 V440 C840 480 810 500 770 500 H430 C390 500 360 480 360 440 Z" fill="${PAPER}" stroke="#b8c7cd" stroke-width="4"/>
  <path d="M380 330 C380 250 820 250 820 330" fill="${shade('#e8f0e6', -0.08)}" stroke="#b8c7cd" stroke-width="4"/>
  ${aid(520, -8, FINISHES[0])}${aid(700, 8, FINISHES[0])}
  <circle cx="600" cy="470" r="8" fill="#1d6b3d"/>
  <g transform="translate(960 300) rotate(35)"><rect x="-12" y="-150" width="24" height="220" rx="12" fill="${GOLD}"/>
  ${Array.from({ length: 7 }, (_, i) => `<path d="M-12 ${-150 + i * 10} h-18 M12 ${-150 + i * 10} h18" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`).join('')}</g>
  <path d="M120 470 C160 420 260 430 300 470 C260 500 160 510 120 470 Z" fill="#c4e2e7"/>`
    },
  },

  /** Getting used to new aids: a calendar of weeks being ticked off and sound growing step by step. */
  adjusting: {
    tint: '#f4efe9',
    draw: () => {
      const days = Array.from({ length: 21 }, (_, i) => {
        const cx = 230 + (i % 7) * 56
        const cy = 260 + Math.floor(i / 7) * 60
        return i < 12
          ? `<circle cx="${cx}" cy="${cy}" r="20" fill="#1d6b3d"/>${stroke(`M${cx - 9} ${cy} l6 7 l12 -14`, PAPER, 5)}`
          : `<circle cx="${cx}" cy="${cy}" r="20" fill="none" stroke="#b8c7cd" stroke-width="4"/>`
      }).join('')
      const bars = [0, 1, 2, 3, 4].map((i) => `<rect x="${740 + i * 70}" y="${460 - 60 - i * 50}" width="46" height="${60 + i * 50}" rx="12" fill="${TEAL}" opacity="${0.45 + i * 0.13}"/>`).join('')
      return `<rect x="180" y="150" width="420" height="360" rx="24" fill="${PAPER}"/><rect x="180" y="150" width="420" height="64" rx="24" fill="${WARM}"/><rect x="180" y="190" width="420" height="24" fill="${WARM}"/>
  <rect x="250" y="126" width="18" height="50" rx="9" fill="${INK}"/><rect x="512" y="126" width="18" height="50" rx="9" fill="${INK}"/>${days}
  ${bars}${stroke('M720 470 H1100', INK, 5)}`
    },
  },

  /** Insurance: a member card beside a shield with a tick and a hearing aid. */
  insurance: {
    tint: '#eaeef6',
    draw: () => `<g transform="rotate(-6 450 330)"><rect x="220" y="190" width="460" height="280" rx="28" fill="#1d4e89"/>
  <rect x="220" y="250" width="460" height="44" fill="#163d6c"/><rect x="260" y="330" width="120" height="84" rx="12" fill="${GOLD}"/>
  <rect x="410" y="336" width="220" height="16" rx="8" fill="${PAPER}" opacity="0.85"/><rect x="410" y="370" width="170" height="16" rx="8" fill="${PAPER}" opacity="0.6"/><rect x="410" y="404" width="200" height="16" rx="8" fill="${PAPER}" opacity="0.6"/></g>
  <path d="M860 140 L1010 190 V320 C1010 410 940 470 860 500 C780 470 710 410 710 320 V190 Z" fill="${PAPER}" stroke="#1d4e89" stroke-width="10" stroke-linejoin="round"/>
  ${stroke('M795 320 L845 370 L935 270', '#1d6b3d', 22)}
  <g transform="translate(1090 420) rotate(20) scale(0.42)">${STYLES['receiver-in-canal'].draw(FINISHES[1]).whole}</g>`,
  },

  /** Talking with family: two people face each other, speech bubbles between them. */
  'family-conversation': {
    tint: '#fdf1e7',
    draw: () => `${person(280, 300, 1, { hair: '#d9d4cc', top: TEAL })}
  ${person(920, 300, -1, { skin: '#b27a58', hair: '#2e2420', top: WARM, long: true })}
  ${bubble(520, 190, 230, 120, -1, TEAL)}${bubble(690, 330, 230, 110, 1, WARM, 2)}
  <g transform="translate(252 292) rotate(-10) scale(0.26)">${STYLES['receiver-in-canal'].draw(FINISHES[0]).behind}</g>`,
  },

  /** Falls: stairs with a handrail, a walker on them, and the balance organ's three loops. */
  'falls-balance': {
    tint: '#eef4ee',
    draw: () => {
      const steps = [0, 1, 2, 3, 4].map((i) => `<rect x="${260 + i * 110}" y="${470 - (i + 1) * 56}" width="${600 - i * 110}" height="56" fill="${shade('#d3e5d6', -i * 0.05)}"/>`).join('')
      return `${steps}${stroke('M240 360 L800 110', '#3d5a1e', 12)}${[0, 1, 2, 3].map((i) => stroke(`M${300 + i * 140} ${342 - i * 62} V${470 - i * 56}`, '#3d5a1e', 8)).join('')}
  <g transform="translate(1010 260)" fill="none" stroke="${TEAL}" stroke-width="12" stroke-linecap="round">
  <ellipse cx="0" cy="-70" rx="50" ry="64"/><ellipse cx="-62" cy="0" rx="64" ry="40" transform="rotate(-20 -62 0)"/><ellipse cx="30" cy="20" rx="40" ry="60" transform="rotate(30 30 20)"/></g>
  <circle cx="1010" cy="260" r="26" fill="${WARM}"/>`
    },
  },

  /** Hearing and the brain: an ear sending sound to a brain. */
  'brain-hearing': {
    tint: '#e9e3f5',
    draw: () => `<g transform="translate(300 320) scale(1.05)">${ear()}</g>${soundArcs(460, 320, 1, TEAL)}${brain(820, 300, '#c7b8e6', '#5a4a8a')}`,
  },

  /** A clinical trial: two groups over time, the line of the group given hearing care staying higher. */
  trial: {
    tint: '#e3eef6',
    draw: () => {
      const dots = (x, colour) => Array.from({ length: 9 }, (_, i) => `<circle cx="${x + (i % 3) * 44}" cy="${200 + Math.floor(i / 3) * 70}" r="16" fill="${colour}"/><path d="M${x + (i % 3) * 44 - 20} ${226 + Math.floor(i / 3) * 70} a20 16 0 0 1 40 0 Z" fill="${colour}"/>`).join('')
      return `${dots(170, TEAL)}${dots(170 + 170, '#9aa5ad')}
  <rect x="600" y="140" width="480" height="360" rx="24" fill="${PAPER}"/>${axes(650, 460, 390, 280)}
  ${stroke('M660 220 C760 230 860 250 1020 280', TEAL, 10)}${stroke('M660 220 C760 260 860 320 1020 400', '#9aa5ad', 10)}`
    },
  },

  /** A long study: years along a timeline, a steady line for those who wore aids above a falling one. */
  'long-study': {
    tint: '#e6f2ee',
    draw: () => {
      const ticks = Array.from({ length: 6 }, (_, i) => `<circle cx="${180 + i * 170}" cy="470" r="${i === 5 ? 22 : 14}" fill="${i === 5 ? WARM : '#2f5d50'}"/>`).join('')
      return `${stroke('M180 470 H1030', '#2f5d50', 8)}${ticks}
  ${stroke('M180 270 C400 280 700 300 1030 320', TEAL, 12)}${stroke('M180 270 C400 310 700 380 1030 420', '#9aa5ad', 12, ' stroke-dasharray="2 26"')}
  <g transform="translate(600 150)"><rect x="-70" y="-70" width="140" height="130" rx="16" fill="${PAPER}"/><rect x="-70" y="-70" width="140" height="36" rx="16" fill="${WARM}"/><rect x="-70" y="-50" width="140" height="16" fill="${WARM}"/>
  ${Array.from({ length: 6 }, (_, i) => `<rect x="${-50 + (i % 3) * 38}" y="${-20 + Math.floor(i / 3) * 34}" width="24" height="20" rx="4" fill="#c4e2e7"/>`).join('')}</g>`
    },
  },

  /** Risk factors: a ring of fourteen shares, the largest (hearing loss) lifted out, an ear beside. */
  'risk-factors': {
    tint: '#f6e9dc',
    draw: () => {
      const shares = [7, 7, 5, 5, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1]
      const total = shares.reduce((a, b) => a + b, 0) + 22
      let angle = -Math.PI / 2
      const arcs = shares.map((s, i) => {
        const sweep = (s / total) * Math.PI * 2
        const a0 = angle + 0.02
        const a1 = angle + sweep - 0.02
        angle += sweep
        const p = (a, r) => `${(760 + r * Math.cos(a)).toFixed(1)} ${(320 + r * Math.sin(a)).toFixed(1)}`
        return `<path d="M${p(a0, 200)} A200 200 0 0 1 ${p(a1, 200)} L${p(a1, 120)} A120 120 0 0 0 ${p(a0, 120)} Z" fill="${i % 2 ? '#c08a5b' : '#a36a3e'}" opacity="${0.9 - i * 0.04}"/>`
      })
      const sweep = (22 / total) * Math.PI * 2
      const p = (a, r) => `${(740 + r * Math.cos(a)).toFixed(1)} ${(330 + r * Math.sin(a)).toFixed(1)}`
      const hearing = `<path d="M${p(angle + 0.02, 214)} A214 214 0 0 1 ${p(angle + sweep - 0.02, 214)} L${p(angle + sweep - 0.02, 120)} A120 120 0 0 0 ${p(angle + 0.02, 120)} Z" fill="${TEAL}"/>`
      return `${arcs.join('')}${hearing}<g transform="translate(300 320) scale(0.95)">${ear()}</g>${soundArcs(160, 320, -1, TEAL, 2)}`
    },
  },

  /** Health care: a clinic building with a cross and a climbing line of visits beside it. */
  'health-care': {
    tint: '#e1e5f6',
    draw: () => {
      const windows = Array.from({ length: 6 }, (_, i) => `<rect x="${230 + (i % 3) * 90}" y="${270 + Math.floor(i / 3) * 90}" width="56" height="56" rx="8" fill="#c9d2ef"/>`).join('')
      return `<rect x="200" y="200" width="300" height="300" rx="12" fill="${PAPER}"/><rect x="180" y="180" width="340" height="40" rx="12" fill="#3b4f8f"/>
  ${windows}<rect x="320" y="430" width="60" height="70" rx="6" fill="#3b4f8f"/>
  <circle cx="350" cy="120" r="56" fill="${PAPER}"/><path d="M338 84 h24 v24 h24 v24 h-24 v24 h-24 v-24 h-24 v-24 h24 Z" fill="#a4262c"/>
  <rect x="600" y="140" width="480" height="360" rx="24" fill="${PAPER}"/>${axes(650, 460, 390, 280)}
  ${[0, 1, 2, 3, 4].map((i) => `<rect x="${680 + i * 74}" y="${440 - (50 + i * 48)}" width="48" height="${50 + i * 48}" rx="8" fill="#7083c4" opacity="${0.5 + i * 0.12}"/>`).join('')}`
    },
  },
}

export const ILLUSTRATIONS = Object.keys(MOTIFS)

/** The whole picture for one topic: background, a soft shape behind the subject, the subject. */
export function articleSvg(topic) {
  const motif = MOTIFS[topic]
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<rect width="1200" height="630" fill="${motif.tint}"/>
<circle cx="600" cy="330" r="300" fill="${PAPER}" opacity="0.45"/>
<rect y="560" width="1200" height="70" fill="${shade(motif.tint, -0.06)}"/>
${motif.draw()}
</svg>
`
}
