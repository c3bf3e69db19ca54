/** Cognitive-health hero image. */
import { svgToWebp, rng } from './common.mjs'

function cognivueHeroSvg(width, height) {
  const r = rng(7)
  const dots = Array.from({ length: 70 }, () => {
    const x = 760 + r() * 760
    const y = 90 + r() * 720
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(2 + r() * 5).toFixed(1)}" fill="#ffffff" opacity="${(0.15 + r() * 0.4).toFixed(2)}"/>`
  }).join('')
  const arcs = Array.from({ length: 5 }, (_, i) => {
    const rad = 120 + i * 70
    return `<path d="M ${1040 + rad * Math.cos(-0.9)} ${450 + rad * Math.sin(-0.9)} A ${rad} ${rad} 0 0 1 ${1040 + rad * Math.cos(0.9)} ${450 + rad * Math.sin(0.9)}" fill="none" stroke="#ffffff" stroke-opacity="${0.5 - i * 0.08}" stroke-width="6" stroke-linecap="round"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 900">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f3d4a"/><stop offset="0.55" stop-color="#0b5e6f"/><stop offset="1" stop-color="#3d3a78"/></linearGradient>
    <radialGradient id="glow" cx="68%" cy="45%" r="45%"><stop offset="0" stop-color="#7fc7cf" stop-opacity="0.55"/><stop offset="1" stop-color="#7fc7cf" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1600" height="900" fill="url(#bg)"/>
  <rect width="1600" height="900" fill="url(#glow)"/>
  ${dots}
  <!-- a head in profile, facing right, with a network of connected points where the mind is -->
  <path d="M860 780 C860 700 830 660 800 620 C760 570 740 500 760 420 C790 300 900 230 1010 240 C1130 250 1210 340 1215 440 C1218 500 1240 520 1262 560 C1274 582 1262 596 1240 598 L1228 600 C1232 630 1226 660 1196 666 C1168 672 1150 676 1148 720 L1148 780 Z" fill="#ffffff" fill-opacity="0.12" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4"/>
  ${arcs}
  <g stroke="#ffd27a" stroke-opacity="0.8" stroke-width="3" fill="#ffd27a">
    <line x1="900" y1="380" x2="990" y2="330"/><line x1="990" y1="330" x2="1080" y2="380"/><line x1="900" y1="380" x2="960" y2="460"/>
    <line x1="960" y1="460" x2="1080" y2="380"/><line x1="960" y1="460" x2="1060" y2="500"/><line x1="1080" y1="380" x2="1060" y2="500"/>
    <line x1="1080" y1="380" x2="1140" y2="450"/><line x1="1060" y1="500" x2="1140" y2="450"/>
    <circle cx="900" cy="380" r="10"/><circle cx="990" cy="330" r="12"/><circle cx="1080" cy="380" r="10"/><circle cx="960" cy="460" r="11"/>
    <circle cx="1060" cy="500" r="10"/><circle cx="1140" cy="450" r="9"/>
  </g>
</svg>
`
}

export async function makeCognivueHero({ media }, work) {
  const { src, width, height } = media.cognivueHero
  await svgToWebp(cognivueHeroSvg(width, height), src, work, 78)
}
