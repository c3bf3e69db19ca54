/// <reference types="vitest/config" />
import { readdirSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import { gzipAsync } from '@gfx/zopfli'
import { checkClinicsFile } from '@hearing/contracts'
import { defineConfig, type Plugin } from 'vite'

import { contentValidationAtBuildOnly } from './scripts/content-validation.ts'
import { linguiCatalogs } from './scripts/lingui-catalogs.ts'
import { styledComponentIds } from './scripts/styled-component-ids.ts'

// Imported at build time: these modules use relative imports only (no '@/' alias) and no browser APIs.
import { practice } from './src/content/practice.ts'
import { allSpaRoutes as spaRoutes } from './src/config/spa-routes.ts'

const webRoot = fileURLToPath(new URL('.', import.meta.url))

// The browser reads the clinics (@hearing/contracts clinics.json) without their schema: a mistake in them stops the build here.
checkClinicsFile()

/** Where `npm run dev` / `npm run preview` send /api: the gateway of a locally running stack. */
const apiTarget = 'http://127.0.0.1:8080'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Fills index.html's %PRACTICE_*% placeholders from src/content/practice.ts. */
function practiceHtml(): Plugin {
  return {
    name: 'hearing:practice-html',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replaceAll('%PRACTICE_NAME%', escapeHtml(practice.name))
          .replaceAll('%PRACTICE_DESCRIPTION%', escapeHtml(practice.description)),
    },
  }
}

/** The pattern syntax the gateway understands: "/" or "/"-separated static or `:name` segments. */
const supportedPattern = /^\/$|^(\/(:[A-Za-z][A-Za-z0-9_]*|[A-Za-z0-9._~-]+))+$/

/**
 * Writes dist/spa-routes.json: the route patterns the router renders (src/config/spa-routes.ts).
 * The gateway answers HTML requests for these with 200 and for any other path with 404 (same
 * index.html; the SPA shows its 404 page).
 */
function spaRoutesManifest(): Plugin {
  return {
    name: 'hearing:spa-routes-manifest',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildStart() {
      for (const pattern of spaRoutes) {
        if (!supportedPattern.test(pattern)) {
          this.error(`spa-routes: unsupported pattern "${pattern}" (use static segments and :name only)`)
        }
      }
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'spa-routes.json',
        source: `${JSON.stringify(spaRoutes, null, 2)}\n`,
      })
    },
  }
}

/**
 * Writes a .br and a .gz beside every text asset of the build, compressed once at maximum level, so
 * the gateway serves them as they are (@fastify/static preCompressed) without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'hearing:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true })
      for (const file of files.filter((f) => /\.(js|css|html|svg|json|txt|xml)$/.test(f))) {
        const full = path.join(outDir, file)
        const content = await readFile(full)
        if (content.length < 1024) continue
        await writeFile(`${full}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
        // Scripts and styles, which every visit downloads, get zopfli's gzip: a few percent smaller
        // than zlib's best, same format, decoded by every browser (slower to make, build time only).
        const gzip = /\.(js|css)$/.test(file) ? Buffer.from(await gzipAsync(content, { numiterations: 15 })) : gzipSync(content, { level: 9 })
        await writeFile(`${full}.gz`, gzip)
      }
    },
  }
}

/** The chunk of a page module (src/app/routes/<name>.tsx), as the build names it. */
const pageNames = readdirSync(fileURLToPath(new URL('./src/app/routes', import.meta.url)))
  .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
  .map((file) => file.slice(0, -'.tsx'.length))
const pageChunk = new RegExp(`^assets/(${pageNames.join('|')})-[\\w-]{8}\\.js$`)

// The libraries every page loads, in chunks that only change when the libraries are upgraded:
// the renderer (React), the styling library, then the router and the data and text libraries.
// react-toastify (and its clsx) is not here: it loads with the first toast (src/lib/toasts.tsx).
const libraryChunks: Array<{ name: string; test: RegExp }> = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'styled', test: /[\\/]node_modules[\\/](styled-components|stylis|@emotion[\\/](is-prop-valid|memoize|unitless))[\\/]/ },
  {
    name: 'vendor',
    test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser|swr|use-sync-external-store|dequal|@lingui[\\/]core)[\\/]/,
  },
]

// The site frame's small shared modules (URLs, languages, the message store and the frame's English
// catalog, the theme, the API client, notices and toasts, cookie consent, analytics, titles, the
// app's provider and the session): every page needs them, so they travel together instead of as a
// handful of tiny chunks.
const siteFrame =
  /[\\/]src[\\/](config[\\/](paths|spa-routes|theme)\.ts|i18n[\\/](i18n|locale|layout)\.ts|i18n[\\/]messages[\\/]layout[\\/]en\.json|lib[\\/](api-client|notify|cookie-consent|analytics|when-page-idle|toasts)\.tsx?|seo[\\/]title\.ts|app[\\/]provider\.tsx|features[\\/]auth[\\/](components[\\/]auth-provider\.tsx|session-store\.ts|use-auth\.ts|api[\\/]session\.ts))$/

export default defineConfig({
  plugins: [
    linguiCatalogs(),
    styledComponentIds({ root: webRoot }),
    contentValidationAtBuildOnly({ root: webRoot }),
    practiceHtml(),
    spaRoutesManifest(),
    precompress(),
  ],
  // JSX compiles to calls of 'react/jsx-runtime'. (No @vitejs/plugin-react: `npm run dev` reloads
  // the page on a change instead of swapping the component in place with Fast Refresh.)
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // swr's shim of useSyncExternalStore for React < 18: React 19 has it built in.
      { find: 'use-sync-external-store/shim', replacement: fileURLToPath(new URL('./scripts/use-sync-external-store-shim.ts', import.meta.url)) },
    ],
    // toolchain.md P1: the root node_modules holds React 18 (pulled by tap); react-router, swr and
    // Radix live there too and would bundle it next to web's React 19. One React only.
    dedupe: ['react', 'react-dom'],
  },
  // The pre-rendering build (`vite build --ssr src/entry-server.tsx`) bundles its dependencies
  // instead of importing them from node_modules at run time, where react-router and swr would
  // find the root's React 18 (see dedupe above).
  ssr: { noExternal: true },
  server: { proxy: { '/api': apiTarget } },
  // Component tests (`npm test -w web`): forms rendered in happy-dom, only the network stubbed.
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // A test types like a visitor, key by key: on a busy machine that outlasts the default 5 s.
    testTimeout: 20_000,
    // These libraries sit in the root node_modules next to tap's React 18 (see dedupe above), some
    // as CommonJS that Node would load with that React: bundled for the tests instead, with web's
    // React 19 (the aliases), so @testing-library/react renders with the React that ships.
    // styled-components by its ES module, the one the site's build takes (the optimizer would take
    // its CommonJS build, whose default export then arrives as the whole module object).
    alias: [
      { find: /^react$/, replacement: fileURLToPath(new URL('./node_modules/react', import.meta.url)) },
      { find: /^react-dom$/, replacement: fileURLToPath(new URL('./node_modules/react-dom', import.meta.url)) },
      { find: /^styled-components$/, replacement: fileURLToPath(new URL('./node_modules/styled-components/dist/styled-components.browser.esm.js', import.meta.url)) },
    ],
    deps: { optimizer: { client: { enabled: true, include: ['@testing-library/react', 'react-router-dom', 'react-router', 'swr', 'react-hook-form', '@hookform/resolvers/zod', 'react-toastify', 'styled-components'] } } },
  },
  preview: { proxy: { '/api': apiTarget } },
  build: {
    // Every browser the site supports preloads modules natively: no polyfill in the first script.
    modulePreload: {
      polyfill: false,
      // A page module's own imports are not announced with <link rel="modulepreload"> when the
      // page is imported (src/app/router.tsx): Vite's loader adds those links to the head all at
      // once, 2-3 ms each on this project's test machines while the page still loads, one long task
      // of 15-40 ms between the scripts and hydration. The browser fetches them as it reads the
      // page's module instead; pages whose main content waits for them list them in their HTML
      // (src/seo/page-scripts.ts), where they cost nothing.
      resolveDependencies: (filename, deps) => (pageChunk.test(filename) ? [] : deps),
    },
    // dist/.vite/manifest.json: read (then removed) by the pre-rendering step, which asks for each
    // page's own scripts with its HTML (src/seo/page-scripts.ts).
    manifest: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // Radix marks its modules "use client" (for React Server Components, which a static site
        // does not have): nothing to preserve.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return
        warn(warning)
      },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page loads, in chunks of their own: they only change when the
            // libraries are upgraded, so browsers keep them cached across our deploys. Page-specific
            // libraries (admin, carousels, …) stay out of them and load with their pages.
            ...libraryChunks,
            // Vite's helper for dynamic imports (the first script and the pages use it): in a chunk of
            // its own, or the first script would import (and evaluate) whichever chunk it landed in.
            { name: 'preload-helper', test: /^\0?vite\/preload-helper/ },
            { name: 'frame', test: siteFrame },
          ],
        },
      },
    },
  },
})
