/// <reference types="vitest/config" />
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import { gzipAsync } from '@gfx/zopfli'
import { checkClinicsFile } from '@hearing/contracts'
import react from '@vitejs/plugin-react'
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

// react-toastify (and its clsx) is not here: it loads with the first toast (src/lib/toasts.tsx).
const coreVendor =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|styled-components|stylis|@emotion[\\/](is-prop-valid|memoize|unitless)|swr|use-sync-external-store|dequal|@lingui[\\/]core)[\\/]/

// The site frame's small shared modules (URLs, languages, the message store and the frame's English
// catalog): every page needs them, so they travel together instead of as a handful of tiny chunks.
const siteFrame = /[\\/]src[\\/](config[\\/](paths|spa-routes)\.ts|i18n[\\/](i18n|locale|layout)\.ts|i18n[\\/]messages[\\/]layout[\\/]en\.json)/

export default defineConfig({
  plugins: [
    linguiCatalogs(),
    react(),
    styledComponentIds({ root: webRoot }),
    contentValidationAtBuildOnly({ root: webRoot }),
    practiceHtml(),
    spaRoutesManifest(),
    precompress(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // swr's shim of useSyncExternalStore for React < 18: React 19 has it built in.
      'use-sync-external-store/shim': fileURLToPath(new URL('./scripts/use-sync-external-store-shim.ts', import.meta.url)),
    },
    // toolchain.md P1: the root node_modules holds react 18 (pulled by tap); react-router and swr
    // live there too and would bundle it next to our react 19. One React only.
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
    // as CommonJS that Node would load with that React: bundled for the tests instead, with ours.
    alias: {
      react: fileURLToPath(new URL('./node_modules/react', import.meta.url)),
      'react-dom': fileURLToPath(new URL('./node_modules/react-dom', import.meta.url)),
    },
    deps: { optimizer: { client: { enabled: true, include: ['@testing-library/react', 'react-router-dom', 'react-router', 'swr', 'react-hook-form', '@hookform/resolvers/zod', 'react-toastify'] } } },
  },
  preview: { proxy: { '/api': apiTarget } },
  build: {
    // Every browser the site supports preloads modules natively: no polyfill in the first script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page loads, in one chunk of their own: it only changes when they
            // are upgraded, so browsers keep it cached across our deploys. Page-specific libraries
            // (admin, carousels, …) stay out of it and load with their pages.
            { name: 'vendor', test: coreVendor },
            { name: 'frame', test: siteFrame },
          ],
        },
      },
    },
  },
})
