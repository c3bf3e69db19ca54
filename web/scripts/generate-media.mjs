#!/usr/bin/env node
/**
 * Makes the site's media (web/public/media, web/public/files) from text: nothing is downloaded.
 *
 *   npm run generate-media -w web                    # everything
 *   npm run generate-media -w web -- --only=hero,pdf # some of it (see TASKS below)
 *
 * Inputs: web/src/content/media.ts (file names, spoken script, fictional insurer names) and the
 * practice content beside it (practice.ts, the clinics, tips.ts). Outputs are committed, so
 * `npm ci && npm start` needs none of the tools below; run this only to change the media.
 *
 * Tools (Debian/Ubuntu: sudo apt-get install ffmpeg espeak-ng chromium):
 * - ffmpeg (with libx264, libvpx, libwebp and librsvg, as Debian builds it): videos, SVG -> WebP
 * - espeak-ng: the About video's spoken introduction
 * - Chromium (CHROMIUM_PATH, default /usr/bin/chromium): the rack card PDF (tagged, text selectable)
 * - typescript (already a devDependency of the repository): reads the content modules
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { makeInsurers } from './media/insurers.mjs'
import { makeBrands } from './media/brands.mjs'
import { makeTeam } from './media/team.mjs'
import { makeCognivueHero } from './media/cognivue-hero.mjs'
import { makeAboutVideo, makeCognivueVideo, makeHero } from './media/videos.mjs'
import { makeRackCard } from './media/rack-card.mjs'
import { makeProducts } from './media/products.mjs'
import { makeArticles } from './media/articles.mjs'
import { makeHeroArt } from './media/hero-art.mjs'
import { BUDGET, CHROMIUM, INSTALL, loadContent, out, PUBLIC, requireTool } from './media/common.mjs'

const TASKS = {
  insurers: { tools: [], make: makeInsurers },
  brands: { tools: [], make: makeBrands },
  products: { tools: [], make: makeProducts },
  articles: { tools: [], make: makeArticles },
  team: { tools: ['ffmpeg'], make: makeTeam },
  cognivue: { tools: ['ffmpeg'], make: makeCognivueHero },
  hero: { tools: ['ffmpeg'], make: makeHero },
  'hero-art': { tools: [], make: makeHeroArt },
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
