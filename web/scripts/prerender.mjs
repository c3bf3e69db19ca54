// Pre-renders the public pages after `vite build` (client, into dist/) and
// `vite build --ssr src/entry-server.tsx` (into dist-ssr/): writes dist/prerendered/*.html and
// dist/pages.json (the head of every route) for the gateway, then removes dist-ssr/.
// The work is done by src/entry-server.tsx; this file only does the file I/O.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

process.env.NODE_ENV = 'production' // React's production server build, like the browser's

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(web, 'dist')
const ssrDir = path.join(web, 'dist-ssr')

try {
  const { buildPages } = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)
  const template = await readFile(path.join(dist, 'index.html'), 'utf8')
  await rm(path.join(dist, 'prerendered'), { recursive: true, force: true })
  // Vite's manifest of the client build: which scripts each page module needs (src/seo/page-scripts.ts).
  // Read, then removed: the gateway serves dist/ and nothing asks for it.
  const buildManifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'))
  await rm(path.join(dist, '.vite'), { recursive: true, force: true })
  const { manifest, files } = await buildPages(template, (line) => process.stdout.write(`  ${line}\n`), buildManifest)
  for (const [file, html] of Object.entries(files)) {
    const full = path.join(dist, file)
    await mkdir(path.dirname(full), { recursive: true })
    await writeFile(full, html)
  }
  await writeFile(path.join(dist, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  process.stdout.write(`Pre-rendered ${Object.keys(files).length} pages into dist/prerendered/\n`)
} catch (error) {
  process.stderr.write(`Pre-rendering failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = 1
} finally {
  await rm(ssrDir, { recursive: true, force: true })
}
