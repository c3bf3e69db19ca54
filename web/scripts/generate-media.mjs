#!/usr/bin/env node
/**
 * Makes the site's media (web/public/media, web/public/files) from text: nothing is downloaded.
 *
 *   npm run generate-media -w web                    # everything
 *   npm run generate-media -w web -- --only=hero,pdf # some of it (see TASKS below)
 *
 * Inputs: web/src/content/media.ts (file names, spoken script, fictional insurer names) and the
 * practice content beside it (practice.ts, clinics.ts, tips.ts). Outputs are committed, so
 * `npm ci && npm start` needs none of the tools below; run this only to change the media.
 *
 * Tools (Debian/Ubuntu: sudo apt-get install ffmpeg espeak-ng chromium):
 * - ffmpeg (with libx264, libvpx, libwebp and librsvg, as Debian builds it): videos, SVG -> WebP
 * - espeak-ng: the About video's spoken introduction
 * - Chromium (CHROMIUM_PATH, default /usr/bin/chromium): the rack card PDF (tagged, text selectable)
 * - typescript (already a devDependency of the repository): reads the content modules
 */
import escapeHtml from 'escape-html'
import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const WEB = fileURLToPath(new URL('..', import.meta.url))
const PUBLIC = path.join(WEB, 'public')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Budgets (bytes) the outputs must respect: the site is for people on slow rural connections too. */
const BUDGET = { heroVideo: 600 * 1024, total: 3 * 1024 * 1024 }

/** Brand palette (web/src/config/theme.ts). */
const C = {
  primary: '#0b5e6f',
  primaryHover: '#084856',
  primarySoft: '#e3f1f3',
  inverse: '#0f3d4a',
  text: '#1b2a33',
  textMuted: '#475a64',
  accent: '#9a3412',
  star: '#b7791f',
  surface: '#f3f7f8',
}
const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif"

// ---------------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------------

const INSTALL = {
  ffmpeg: 'sudo apt-get install ffmpeg   (macOS: brew install ffmpeg)',
  'espeak-ng': 'sudo apt-get install espeak-ng   (macOS: brew install espeak-ng)',
  chromium: 'sudo apt-get install chromium   (or set CHROMIUM_PATH to a Chrome/Chromium binary)',
}

function requireTool(name, command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' })
  if (result.error || result.status !== 0) {
    console.error(`generate-media: ${name} is needed but was not found (${command}).\n  Install it: ${INSTALL[name]}`)
    process.exit(1)
  }
  return result.stdout + result.stderr
}

function run(command, args, { quiet = true } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.error || result.status !== 0) {
    console.error(`$ ${command} ${args.join(' ')}\n${result.stderr ?? ''}${result.error ?? ''}`)
    throw new Error(`${command} failed`)
  }
  if (!quiet) process.stdout.write(result.stdout)
  return result.stdout
}

/** ffmpeg with reproducible output (no encoder/creation metadata). */
const ffmpeg = (args) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args])
const bitexact = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact']

// ---------------------------------------------------------------------------------------------
// Content: the TypeScript modules of web/src/content, transpiled to a cache and imported
// ---------------------------------------------------------------------------------------------

async function loadContent() {
  const { default: ts } = await import('typescript')
  const srcDir = path.join(WEB, 'src/content')
  // Inside node_modules so that `zod` resolves from there exactly as it does for the app.
  const outDir = path.join(WEB, 'node_modules/.cache/generate-media/content')
  await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  await writeFile(path.join(outDir, 'package.json'), '{ "type": "module" }\n')
  for (const file of (await readdir(srcDir)).filter((f) => f.endsWith('.ts'))) {
    const { outputText } = ts.transpileModule(await readFile(path.join(srcDir, file), 'utf8'), {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
        rewriteRelativeImportExtensions: true,
      },
    })
    await writeFile(path.join(outDir, file.replace(/\.ts$/, '.js')), outputText)
  }
  const load = (name) => import(pathToFileURL(path.join(outDir, `${name}.js`)).href)
  const [{ media }, { practice }, { clinics, formatAddress }, { tips }] = await Promise.all(
    ['media', 'practice', 'clinics', 'tips'].map(load),
  )
  return { media, practice, clinics, formatAddress, tips }
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const out = (sitePath) => path.join(PUBLIC, sitePath)
const esc = (s) => escapeHtml(String(s))

async function writeOut(sitePath, content) {
  await mkdir(path.dirname(out(sitePath)), { recursive: true })
  await writeFile(out(sitePath), content)
}

/** Rasterises an SVG (librsvg inside ffmpeg) to WebP. */
async function svgToWebp(svg, sitePath, work, quality = 82) {
  const svgFile = path.join(work, `${path.basename(sitePath, '.webp')}-${Math.random().toString(36).slice(2)}.svg`)
  await writeFile(svgFile, svg)
  await mkdir(path.dirname(out(sitePath)), { recursive: true })
  ffmpeg(['-i', svgFile, '-frames:v', '1', '-c:v', 'libwebp', '-quality', String(quality), '-compression_level', '6', ...bitexact, out(sitePath)])
}

/** Deterministic pseudo-random numbers (the same media on every run). */
function rng(seed) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** Word-wraps text to lines of at most `max` characters. */
function wrap(text, max) {
  const lines = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

// ---------------------------------------------------------------------------------------------
// Insurer logos: generic shapes + fictional names (no real insurer's mark)
// ---------------------------------------------------------------------------------------------

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

async function makeInsurers({ media }) {
  for (const [i, logo] of media.insurers.entries()) await writeOut(logo.src, insurerSvg(logo.name, i))
}

// ---------------------------------------------------------------------------------------------
// Brand cards: product-style hearing-aid illustrations (no brand names or marks)
// ---------------------------------------------------------------------------------------------

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

async function makeBrands({ media }) {
  for (const [key, image] of Object.entries(media.brands)) await writeOut(image.src, brandSvg(key, image.alt))
}

// ---------------------------------------------------------------------------------------------
// Team portraits: illustrated, not real people
// ---------------------------------------------------------------------------------------------

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

async function makeTeam({ media }, work) {
  const entries = Object.entries(media.team).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
  for (const [i, [, image]] of entries.entries()) await svgToWebp(portraitSvg(PORTRAITS[i % PORTRAITS.length]), image.src, work, 80)
}

// ---------------------------------------------------------------------------------------------
// Cognitive-health hero image
// ---------------------------------------------------------------------------------------------

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

async function makeCognivueHero({ media }, work) {
  const { src, width, height } = media.cognivueHero
  await svgToWebp(cognivueHeroSvg(width, height), src, work, 78)
}

// ---------------------------------------------------------------------------------------------
// Videos
// ---------------------------------------------------------------------------------------------

/**
 * A calm, seamlessly looping field of drifting light: three slow sine waves whose periods divide the
 * loop length, computed small and scaled up (soft gradients compress well).
 * `from`/`to`: dark and light RGB of the palette.
 */
function wavesFilter({ seconds, fps, width, height, from, to, phase = 0 }) {
  const T = `(2*PI*T/${seconds})`
  const m = `((sin(2*PI*(X/W*1.1+Y/H*0.5)+${T}+${phase})+sin(2*PI*(X/W*0.55-Y/H*0.9)-2*${T}+1.3)+sin(2*PI*hypot(X/W-0.3,Y/H-0.65)*1.4-${T}))/6+0.5)`
  const ch = (i) => `${from[i]}+(${to[i] - from[i]})*${m}*(0.85+0.15*Y/H)`
  return [
    `color=c=black:s=320x180:r=${fps}:d=${seconds}`,
    'format=gbrp',
    `geq=r='${ch(0)}':g='${ch(1)}':b='${ch(2)}'`,
    `scale=${width}:${height}:flags=bicubic`,
    'format=yuv420p',
  ].join(',')
}

const x264 = (crf, extra = []) => ['-c:v', 'libx264', '-preset', 'veryslow', '-crf', String(crf), '-pix_fmt', 'yuv420p', '-movflags', '+faststart', ...extra]
const vp9 = (crf) => ['-c:v', 'libvpx-vp9', '-crf', String(crf), '-b:v', '0', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', '-pix_fmt', 'yuv420p']

async function poster(videoFile, at, sitePath) {
  await mkdir(path.dirname(out(sitePath)), { recursive: true })
  ffmpeg(['-ss', String(at), '-i', videoFile, '-frames:v', '1', '-c:v', 'libwebp', '-quality', '78', ...bitexact, out(sitePath)])
}

async function makeHero({ media }) {
  const v = media.heroVideo
  const filter = wavesFilter({ seconds: v.durationSeconds, fps: 24, width: v.width, height: v.height, from: [12, 52, 66], to: [70, 150, 160] })
  await mkdir(path.dirname(out(v.src)), { recursive: true })
  ffmpeg(['-f', 'lavfi', '-i', filter, '-an', ...x264(30, ['-tune', 'grain', '-g', '240']), ...bitexact, out(v.src)])
  if (v.webm) ffmpeg(['-f', 'lavfi', '-i', filter, '-an', ...vp9(42), ...bitexact, out(v.webm)])
  await poster(out(v.src), 0, v.poster)
}

/** Reads a 16-bit PCM WAV espeak-ng wrote: its sample rate and samples. */
function readWav(buffer) {
  let offset = 12
  let rate = 22050
  while (offset < buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4)
    const size = buffer.readUInt32LE(offset + 4)
    if (id === 'fmt ') rate = buffer.readUInt32LE(offset + 12)
    if (id === 'data') return { rate, pcm: buffer.subarray(offset + 8, offset + 8 + Math.min(size, buffer.length - offset - 8)) }
    offset += 8 + size + (size % 2)
  }
  throw new Error('no data chunk in WAV')
}

function wavFile(pcm, rate) {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + pcm.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(pcm.length, 40)
  return Buffer.concat([header, pcm])
}

/** A caption as one line, or two of about equal length (no orphaned last word). */
function captionLines(text, max = 42) {
  if (text.length <= max) return [text]
  const words = text.split(' ')
  let best = [text]
  let bestDiff = Infinity
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ')
    const b = words.slice(i).join(' ')
    const diff = Math.abs(a.length - b.length)
    if (diff < bestDiff) [best, bestDiff] = [[a, b], diff]
  }
  return best
}

const vttTime = (s) => {
  const ms = Math.round(s * 1000)
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const sec = Math.floor((ms % 60_000) / 1000)
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`
}

/** A title card of the About video: heading, subtitle and a sound-wave mark, above the caption area. */
function slideSvg({ width, height }, heading, subtitle, index) {
  const bars = Array.from({ length: 15 }, (_, i) => {
    const h = 14 + Math.abs(Math.sin((i + index * 2) * 0.75)) * 60
    return `<rect x="${width / 2 - 150 + i * 20}" y="${190 - h / 2}" width="10" height="${h.toFixed(1)}" rx="5" fill="#ffffff" opacity="0.85"/>`
  }).join('')
  const headingLines = wrap(heading, 30)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.inverse}"/><stop offset="1" stop-color="${index % 2 ? '#14707f' : C.primary}"/></linearGradient>
    <radialGradient id="glow" cx="${30 + index * 9}%" cy="30%" r="60%"><stop offset="0" stop-color="#8fd3da" stop-opacity="0.35"/><stop offset="1" stop-color="#8fd3da" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  ${bars}
  ${headingLines.map((line, i) => `<text x="${width / 2}" y="${310 + i * 70}" text-anchor="middle" font-family="${FONT}" font-size="60" font-weight="700" fill="#ffffff">${esc(line)}</text>`).join('\n  ')}
  <text x="${width / 2}" y="${310 + headingLines.length * 70 + 20}" text-anchor="middle" font-family="${FONT}" font-size="34" fill="#d8eef1">${esc(subtitle)}</text>
</svg>
`
}

async function makeAboutVideo({ media, practice, clinics }, work) {
  const v = media.aboutVideo
  const lines = v.transcript
  const towns = clinics.map((c) => c.town).join(' · ')
  // One title card per spoken line.
  const cards = [
    [practice.name, `${towns}, ${practice.state}`],
    ['Hear life’s sounds again', 'Caring for our North Georgia neighbors'],
    ['We listen first', 'Your story, your goals, the sounds you miss'],
    ['Test · Explain · Fit', 'Hearing aids fitted with care'],
    ['Here for every follow-up', 'Adjustments, cleanings and check-ins'],
    ['We look forward to meeting you', practice.name],
  ]
  if (cards.length !== lines.length) throw new Error(`about video: ${lines.length} transcript lines but ${cards.length} title cards`)

  // Speech: one WAV per line, joined with pauses; the captions are timed from the same lengths.
  const LEAD = 0.6
  const GAP = 0.45
  const TAIL = 1.2
  let rate = 22050
  const pcmParts = []
  const cues = []
  let t = LEAD
  for (const [i, line] of lines.entries()) {
    const wav = path.join(work, `line-${i}.wav`)
    run('espeak-ng', ['-v', 'en-us+f3', '-s', '150', '-p', '45', '-g', '2', '-w', wav, line])
    const { rate: r, pcm } = readWav(await readFile(wav))
    rate = r
    const seconds = pcm.length / 2 / rate
    cues.push({ start: t, end: t + seconds, text: line })
    pcmParts.push(pcm)
    t += seconds + GAP
  }
  const total = Math.ceil((t - GAP + TAIL) * 10) / 10
  const silence = (s) => Buffer.alloc(Math.round(s * rate) * 2)
  const audio = [silence(LEAD)]
  for (const [i, pcm] of pcmParts.entries()) audio.push(pcm, silence(i < pcmParts.length - 1 ? GAP : 0))
  const speechLength = audio.reduce((n, b) => n + b.length, 0) / 2 / rate
  audio.push(silence(total - speechLength))
  const audioFile = path.join(work, 'speech.wav')
  await writeFile(audioFile, wavFile(Buffer.concat(audio), rate))

  const vtt = ['WEBVTT', '', ...cues.flatMap((c, i) => [`${i + 1}`, `${vttTime(c.start)} --> ${vttTime(c.end + 0.3)}`, ...captionLines(c.text), ''])].join('\n')
  await writeOut(v.captions[0].src, vtt)

  // Pictures: each card from shortly before its line until shortly before the next, cross-faded.
  const FADE = 0.5
  const bounds = [0, ...cues.slice(1).map((c) => c.start - GAP / 2), total]
  const inputs = []
  for (const [i, [heading, subtitle]] of cards.entries()) {
    const png = path.join(work, `card-${i}.png`)
    const svg = path.join(work, `card-${i}.svg`)
    await writeFile(svg, slideSvg(v, heading, subtitle, i))
    ffmpeg(['-i', svg, '-frames:v', '1', png])
    const last = i === cards.length - 1
    const length = bounds[i + 1] - bounds[i] + (i === 0 ? FADE / 2 : last ? FADE / 2 : FADE) + (last ? 0 : 0.1)
    inputs.push('-loop', '1', '-framerate', '24', '-t', length.toFixed(3), '-i', png)
  }
  let graph = ''
  let prev = '[0:v]'
  for (let i = 1; i < cards.length; i++) {
    const label = i === cards.length - 1 ? '[v]' : `[x${i}]`
    graph += `${prev}[${i}:v]xfade=transition=fade:duration=${FADE}:offset=${(bounds[i] - FADE / 2).toFixed(3)}${label};`
    prev = label
  }
  graph += '[v]format=yuv420p[vout]'
  await mkdir(path.dirname(out(v.src)), { recursive: true })
  ffmpeg([
    ...inputs,
    '-i', audioFile,
    '-filter_complex', graph,
    '-map', '[vout]', '-map', `${cards.length}:a`,
    ...x264(30, ['-tune', 'stillimage', '-r', '24']),
    '-c:a', 'aac', '-b:a', '64k', '-ac', '1', '-ar', '44100',
    '-t', String(total),
    ...bitexact,
    out(v.src),
  ])
  await poster(out(v.src), 0.2, v.poster)
  return { durationSeconds: total, cues: cues.length }
}

async function makeCognivueVideo({ media }, work) {
  const v = media.cognivueVideo
  const seconds = v.durationSeconds
  const per = seconds / v.transcript.length
  const background = wavesFilter({ seconds, fps: 24, width: v.width, height: v.height, from: [20, 40, 70], to: [70, 120, 150], phase: 1.7 })
  // Each message fades in and out within its share of the loop; text is white on the dark field.
  const texts = v.transcript.map((message, i) => {
    const file = path.join(work, `promo-${i}.txt`)
    return { file, message, start: i * per, end: (i + 1) * per }
  })
  for (const { file, message } of texts) await writeFile(file, message)
  const fade = 0.6
  const fontFile = run('fc-match', ['-f', '%{file}', 'Liberation Sans:style=Bold']).trim()
  const draw = texts
    .map(({ file, start, end }) =>
      [
        `drawtext=textfile='${file}'`,
        `fontfile='${fontFile}'`,
        'fontsize=64',
        'fontcolor=white',
        'shadowcolor=black@0.35',
        'shadowx=2',
        'shadowy=2',
        'x=(w-text_w)/2',
        'y=(h-text_h)/2',
        `enable='between(t,${start},${end})'`,
        `alpha='if(lt(t,${start + fade}),(t-${start})/${fade},if(gt(t,${end - fade}),(${end}-t)/${fade},1))'`,
      ].join(':'),
    )
    .join(',')
  const filter = `${background},${draw}`
  await mkdir(path.dirname(out(v.src)), { recursive: true })
  ffmpeg(['-f', 'lavfi', '-i', filter, '-an', ...x264(31, ['-g', '240']), ...bitexact, out(v.src)])
  if (v.webm) ffmpeg(['-f', 'lavfi', '-i', filter, '-an', ...vp9(44), ...bitexact, out(v.webm)])
  await poster(out(v.src), per / 2, v.poster)
}

// ---------------------------------------------------------------------------------------------
// Rack card PDF (4 x 9 in), printed by Chromium: tagged, with real, selectable text
// ---------------------------------------------------------------------------------------------

function rackCardHtml({ media, practice, clinics, formatAddress, tips }) {
  const card = media.rackCard
  const icon = (i) =>
    `<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><circle cx="12" cy="12" r="10" fill="${i % 2 ? C.primary : C.accent}"/><path d="M7 12.5l3 3 7-7" stroke="#fff" stroke-width="2.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(card.title)} - ${esc(practice.name)}</title>
<meta name="description" content="${esc(card.summary)}">
<meta name="author" content="${esc(practice.name)}">
<style>
  @page { size: 4in 9in; margin: 0; }
  * { box-sizing: border-box; }
  html, body { margin: 0; }
  body { width: 4in; height: 9in; font-family: ${FONT}; color: ${C.text}; font-size: 10.5pt; line-height: 1.35;
         -webkit-print-color-adjust: exact; print-color-adjust: exact; display: flex; flex-direction: column; }
  header { background: linear-gradient(160deg, ${C.inverse}, ${C.primary}); color: #fff; padding: 0.32in 0.3in 0.26in; }
  .practice { margin: 0 0 0.12in; font-size: 9pt; letter-spacing: 0.06em; text-transform: uppercase; color: #d8eef1; }
  h1 { margin: 0; font-size: 22pt; line-height: 1.12; }
  .lead { margin: 0.14in 0 0; font-size: 10.5pt; color: #eef7f8; }
  main { padding: 0.2in 0.3in 0; flex: 1; }
  h2 { margin: 0 0 0.08in; font-size: 12.5pt; color: ${C.primary}; }
  p { margin: 0 0 0.12in; }
  ul { list-style: none; margin: 0 0 0.14in; padding: 0; display: grid; grid-template-columns: 1fr 1fr; gap: 0.06in 0.12in; }
  li { display: flex; gap: 0.06in; align-items: center; font-weight: 700; font-size: 10pt; }
  li svg { flex: none; }
  .cta { background: ${C.primarySoft}; border-radius: 8px; padding: 0.12in 0.16in; margin-bottom: 0.14in; }
  .cta h2 { margin-bottom: 0.04in; }
  .cta p { margin: 0; }
  footer { padding: 0.16in 0.3in 0.26in; border-top: 3px solid ${C.primary}; font-size: 9.5pt; }
  .offices { display: grid; grid-template-columns: 1fr 1fr; gap: 0.14in; }
  .offices h3 { margin: 0 0 0.02in; font-size: 10pt; }
  .offices p { margin: 0; color: ${C.textMuted}; }
  .phone { font-weight: 700; color: ${C.text} !important; font-size: 10.5pt; }
</style>
</head>
<body>
<header>
  <p class="practice">${esc(practice.name)}</p>
  <h1>${esc(card.title)}</h1>
  <p class="lead">Research links untreated hearing loss with a higher risk of memory problems and cognitive decline. Treating it keeps you in the conversation and your brain engaged.</p>
</header>
<main>
  <h2>Why hearing matters for memory</h2>
  <p>When hearing fades, the brain works harder to fill the gaps, and many people begin to avoid conversations and company. Hearing aids fitted and followed up by a professional help you stay active and connected.</p>
  <h2>Eight habits for a healthy mind</h2>
  <ul>
    ${tips.map((tip, i) => `<li>${icon(i)}<span>${esc(tip.title)}</span></li>`).join('\n    ')}
  </ul>
  <p>Aim for at least 150 minutes of moderate aerobic exercise per week, and 7 to 9 hours of sleep a night.</p>
  <section class="cta">
    <h2>Ask us about a memory screening</h2>
    <p>A hearing evaluation and a short cognitive screening, side by side, with time for your questions.</p>
  </section>
</main>
<footer>
  <div class="offices">
    ${clinics
      .map(
        (c) => `<div><h3>${esc(c.name)}</h3><p class="phone">${esc(c.phone)}</p><p>${esc(formatAddress(c.address))}</p></div>`,
      )
      .join('\n    ')}
  </div>
</footer>
</body>
</html>
`
}

async function makeRackCard(content, work) {
  const html = path.join(work, 'rack-card.html')
  await writeFile(html, rackCardHtml(content))
  const target = out(content.media.rackCard.src)
  await mkdir(path.dirname(target), { recursive: true })
  const profile = await mkdtemp(path.join(tmpdir(), 'generate-media-chromium-'))
  try {
    run(CHROMIUM, [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', `--user-data-dir=${profile}`, '--no-pdf-header-footer',
      `--print-to-pdf=${target}`, pathToFileURL(html).href,
    ])
  } finally {
    await rm(profile, { recursive: true, force: true })
  }
  // Chromium writes the PDF as a tagged PDF (structure tree), with the HTML's lang and title.
  const pdf = await readFile(target)
  if (!pdf.includes('/StructTreeRoot')) console.warn('generate-media: warning: the rack card PDF is not tagged')
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const TASKS = {
  insurers: { tools: [], make: makeInsurers },
  brands: { tools: [], make: makeBrands },
  team: { tools: ['ffmpeg'], make: makeTeam },
  cognivue: { tools: ['ffmpeg'], make: makeCognivueHero },
  hero: { tools: ['ffmpeg'], make: makeHero },
  about: { tools: ['ffmpeg', 'espeak-ng'], make: makeAboutVideo },
  promo: { tools: ['ffmpeg'], make: makeCognivueVideo },
  pdf: { tools: ['chromium'], make: makeRackCard },
}

async function sizeOf(file) {
  try {
    return (await stat(file)).size
  } catch {
    return undefined
  }
}

async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath ?? e.path, e.name))
}

async function main() {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',').filter(Boolean)
  const tasks = only ?? Object.keys(TASKS)
  for (const name of tasks) if (!TASKS[name]) throw new Error(`unknown task "${name}"; tasks: ${Object.keys(TASKS).join(', ')}`)

  const tools = new Set(tasks.flatMap((t) => TASKS[t].tools))
  if (tools.has('ffmpeg')) {
    const conf = requireTool('ffmpeg', 'ffmpeg', ['-hide_banner', '-buildconf'])
    for (const lib of ['libx264', 'libvpx', 'libwebp', 'librsvg', 'libfreetype', 'libfontconfig']) {
      if (!conf.includes(`--enable-${lib}`)) {
        console.error(`generate-media: this ffmpeg was built without ${lib}. Install Debian's: ${INSTALL.ffmpeg}`)
        process.exit(1)
      }
    }
  }
  if (tools.has('espeak-ng')) requireTool('espeak-ng', 'espeak-ng', ['--version'])
  if (tools.has('chromium')) requireTool('chromium', CHROMIUM, ['--version'])

  const content = await loadContent()
  const work = await mkdtemp(path.join(tmpdir(), 'generate-media-'))
  try {
    for (const name of tasks) {
      const started = Date.now()
      const result = await TASKS[name].make(content, work)
      console.log(`${name.padEnd(9)} done in ${((Date.now() - started) / 1000).toFixed(1)} s${result ? ` ${JSON.stringify(result)}` : ''}`)
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }

  // Report and budgets.
  const files = [...(await listFiles(path.join(PUBLIC, 'media'))), ...(await listFiles(path.join(PUBLIC, 'files')))].sort()
  let total = 0
  for (const file of files) {
    const size = (await sizeOf(file)) ?? 0
    total += size
    console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${path.relative(PUBLIC, file)}`)
  }
  console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  total`)
  const hero = await sizeOf(out(content.media.heroVideo.src))
  const problems = []
  if (hero !== undefined && hero > BUDGET.heroVideo) problems.push(`hero video is ${hero} bytes (budget ${BUDGET.heroVideo})`)
  if (total > BUDGET.total) problems.push(`media total is ${total} bytes (budget ${BUDGET.total})`)
  if (problems.length) {
    console.error(`generate-media: over budget:\n  ${problems.join('\n  ')}`)
    process.exit(1)
  }
}

await main()
