/** What every media maker shares: paths, the palette, the tools, the content modules, small helpers. */
import escapeHtml from 'escape-html'
import { spawnSync } from 'node:child_process'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const WEB = fileURLToPath(new URL('../..', import.meta.url))
export const PUBLIC = path.join(WEB, 'public')
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Budgets (bytes) the outputs must respect: the site is for people on slow rural connections too. */
export const BUDGET = { heroVideo: 600 * 1024, total: 3 * 1024 * 1024 }

/** Brand palette (web/src/config/theme.ts). */
export const C = {
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
export const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif"

// ---------------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------------

export const INSTALL = {
  ffmpeg: 'sudo apt-get install ffmpeg   (macOS: brew install ffmpeg)',
  'espeak-ng': 'sudo apt-get install espeak-ng   (macOS: brew install espeak-ng)',
  chromium: 'sudo apt-get install chromium   (or set CHROMIUM_PATH to a Chrome/Chromium binary)',
}

export function requireTool(name, command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' })
  if (result.error || result.status !== 0) {
    console.error(`generate-media: ${name} is needed but was not found (${command}).\n  Install it: ${INSTALL[name]}`)
    process.exit(1)
  }
  return result.stdout + result.stderr
}

export function run(command, args, { quiet = true } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.error || result.status !== 0) {
    console.error(`$ ${command} ${args.join(' ')}\n${result.stderr ?? ''}${result.error ?? ''}`)
    throw new Error(`${command} failed`)
  }
  if (!quiet) process.stdout.write(result.stdout)
  return result.stdout
}

/** ffmpeg with reproducible output (no encoder/creation metadata). */
export const ffmpeg = (args) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args])
export const bitexact = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact']

// ---------------------------------------------------------------------------------------------
// Content: the TypeScript modules of web/src/content, transpiled to a cache and imported
// ---------------------------------------------------------------------------------------------

export async function loadContent() {
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

export const out = (sitePath) => path.join(PUBLIC, sitePath)
export const esc = (s) => escapeHtml(String(s))

export async function writeOut(sitePath, content) {
  await mkdir(path.dirname(out(sitePath)), { recursive: true })
  await writeFile(out(sitePath), content)
}

/** Rasterises an SVG (librsvg inside ffmpeg) to WebP. */
export async function svgToWebp(svg, sitePath, work, quality = 82) {
  const svgFile = path.join(work, `${path.basename(sitePath, '.webp')}-${Math.random().toString(36).slice(2)}.svg`)
  await writeFile(svgFile, svg)
  await mkdir(path.dirname(out(sitePath)), { recursive: true })
  ffmpeg(['-i', svgFile, '-frames:v', '1', '-c:v', 'libwebp', '-quality', String(quality), '-compression_level', '6', ...bitexact, out(sitePath)])
}

/** Deterministic pseudo-random numbers (the same media on every run). */
export function rng(seed) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** Word-wraps text to lines of at most `max` characters. */
export function wrap(text, max) {
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
