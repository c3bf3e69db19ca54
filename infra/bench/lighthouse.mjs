#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile emulation, simulated slow 4G and CPU throttling — its
// defaults) on the public pages, through the whole stack started the way `npm start` starts it (on
// a free port, with a fresh data directory), in Debian's Chromium (its version is printed).
//
// Prints the JavaScript each public route loads (every pre-rendered route of web/dist/pages.json,
// a product and an article for the routes with a parameter; gzip bytes, what the gateway sends a
// browser that accepts gzip), then per page the median of the performance, accessibility,
// best-practices and SEO scores, and Lighthouse's benchmark index of the machine. Aims (React 19
// renders the site: docs/decisions/renderer.md): <= 125 KB of gzip JS on /, <= 140 KB on every other
// public route, performance >= 95, the other three 100.
// It reports; it does not fail on a missed aim (scores vary from machine to machine, and with the
// machine's load, also printed).
//
// Options (environment): BENCH_PAGES="/,/about-us" (default: / /products, a product page,
// /book-appointment and an article, the last two chosen from the site's data), BENCH_RUNS=1
// (median of N runs per page; default 3), CHROMIUM_PATH (default /usr/bin/chromium),
// BENCH_JSON=<file> (write the figures as JSON too), BENCH_URL=<running site> (use it instead of
// starting a stack), BENCH_JS=0 (skip the per-route JavaScript list), BENCH_CPU_SLOWDOWN=<n>
// (Lighthouse's simulated CPU slowdown, default 4), BENCH_REFERENCE_BI=<index> (scale the slowdown
// to score the pages as a machine of that benchmark index would: 4 x this machine's index, read in
// a first run of /, / the given one; the aims were set on a machine of about 1741), BENCH_FLOOR=0
// (skip the reference below).
//
// The reference, in the same run: each page is also scored with its scripts blocked (Lighthouse's
// blockedUrlPatterns), runs alternating with the page's own. That is the floor this machine puts
// under any site of these pages' HTML, CSS and images (parsing, style, layout, paint, images): the
// difference is what the site's JavaScript costs, and it is comparable from machine to machine
// where the score itself is not.
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

import lighthouse from 'lighthouse'
// Lighthouse's own dependency, hoisted next to it: drives the browser for the per-route JavaScript list.
import puppeteer from 'puppeteer-core'

const LIGHTHOUSE_VERSION = JSON.parse(readFileSync(new URL(import.meta.resolve('lighthouse/package.json')), 'utf8')).version
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3)
/** Lighthouse's default CPU slowdown for mobile. */
const DEFAULT_CPU_SLOWDOWN = 4
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? DEFAULT_CPU_SLOWDOWN) || DEFAULT_CPU_SLOWDOWN
const REFERENCE_BI = Number(process.env.BENCH_REFERENCE_BI) || undefined
const FLOOR = process.env.BENCH_FLOOR !== '0'
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const AIMS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }
/** gzip KB of JavaScript: on / and on every other public route. */
const JS_AIM_KB = { home: 125, other: 140 }
const jsAimKb = (route) => (route === '/' ? JS_AIM_KB.home : JS_AIM_KB.other)
const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ')

const say = (line = '') => process.stdout.write(`${line}\n`)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function waitFor(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (code ${child.exitCode}) before answering`)
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (res.ok) return res
    } catch {
      // not up yet
    }
    await sleep(500)
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

function stop(child, timeoutMs = 20_000) {
  if (!child || child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** The whole stack on a free port with a fresh data directory (what `npm start` runs). */
async function startStack() {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hc-bench-'))
  chmodSync(dataDir, 0o755) // the embedded PostgreSQL runs as another user and must enter it
  let output = ''
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'infra', 'dist', 'launcher', 'main.js')], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const url = `http://localhost:${port}`
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`, 240_000, child)
  } catch (err) {
    await stop(child)
    rmSync(dataDir, { recursive: true, force: true })
    throw new Error(`${err.message}\n--- launcher output ---\n${output}`)
  }
  return {
    url,
    stop: async () => {
      await stop(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Debian's Chromium with a DevTools port for Lighthouse to drive. */
async function startChromium() {
  const port = await freePort()
  const profile = mkdtempSync(path.join(tmpdir(), 'hc-bench-chromium-'))
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  const version = await (await waitFor(`http://127.0.0.1:${port}/json/version`, 30_000, child)).json()
  return {
    port,
    version: version.Browser,
    stop: async () => {
      await stop(child, 5000)
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/** `withoutScripts`: the page with every script request blocked, performance only (the floor). */
async function audit(chromePort, url, cpuSlowdown, { withoutScripts = false } = {}) {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: withoutScripts ? ['performance'] : CATEGORIES,
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    blockedUrlPatterns: withoutScripts ? ['*.js'] : [],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]))
  const failed = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
      .map((a) => `${c}: ${a.id} (${a.displayValue ?? Math.round(a.score * 100)})`),
  )
  const metrics = {
    fcp: lhr.audits['first-contentful-paint']?.numericValue,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue,
    tbt: lhr.audits['total-blocking-time']?.numericValue,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue,
    // Lighthouse's measure of the machine's speed: its simulated throttling does not adjust for it,
    // so the same page scores lower on a slower machine (the aims were set at about 1,700).
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  }
  return { scores, failed, metrics }
}

/**
 * On a busy machine Lighthouse now and then loses the trace of a load (NO_NAVSTART, NO_FCP): that
 * run says nothing about the page, so it is run again, twice at most.
 */
async function auditWithRetry(chromePort, url, cpuSlowdown, options) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(chromePort, url, cpuSlowdown, options)
    } catch (err) {
      if (attempt >= 3) throw err
      say(`      (${err instanceof Error ? err.message.split('\n')[0] : String(err)}: running it again)`)
    }
  }
}

/** gzip bytes of each script: what the gateway sends to a browser that accepts gzip (not br). */
async function gzipBytes(urls) {
  let total = 0
  const files = []
  for (const url of urls) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } })
    const encoding = res.headers.get('content-encoding')
    // fetch decodes the body; the length on the wire is what we want. Files too small to be worth
    // compressing (the build leaves them as they are) count with their gzip size all the same.
    const wireLength = Number(res.headers.get('content-length'))
    const body = Buffer.from(await res.arrayBuffer())
    const bytes = encoding === 'gzip' && Number.isFinite(wireLength) && wireLength > 0 ? wireLength : gzipSync(body, { level: 9 }).length
    total += bytes
    files.push({ url, bytes })
  }
  return { total, files }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const mark = (ok) => (ok ? 'ok' : 'BELOW AIM')

async function getJson(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`)
  return res.json()
}

/** A product page and an article taken from the site's data (the first of each), not hard-coded. */
async function samplePaths(site) {
  const { COLLECTION_KEYS } = await import('@hearing/contracts')
  const { collections } = await getJson(`${site}/api/catalogue/collections?keys=${COLLECTION_KEYS.join(',')}`)
  const product = Object.values(collections).flat()[0]
  const { articles } = await getJson(`${site}/api/content/blogs/resources/articles`)
  if (!product || !articles[0]) throw new Error('the site has no product or no article to measure')
  return { product: `/products/${encodeURIComponent(product.id)}`, article: `/resources/${encodeURIComponent(articles[0].handle)}` }
}

/**
 * The public routes: every route the build pre-renders (web/dist/pages.json), a route with a
 * parameter at the sample product or article.
 */
function publicRoutes(sample) {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'web', 'dist', 'pages.json'), 'utf8'))
  return Object.entries(manifest.routes)
    .filter(([, entry]) => entry.file)
    .map(([pattern]) => {
      if (!pattern.includes('/:')) return pattern
      // Spanish routes are the English ones under /es.
      const [, prefix, rest] = /^(\/es)?(\/.*)$/.exec(pattern)
      if (rest.startsWith('/products/')) return `${prefix ?? ''}${sample.product}`
      if (rest.startsWith('/resources/')) return `${prefix ?? ''}${sample.article}`
      throw new Error(`no sample for the pre-rendered route ${pattern}`)
    })
}

/**
 * The site's scripts a visit to `url` downloads, in Chromium (no throttling): until the page is
 * hydrated (html[data-hydrated]) and the network has been quiet for a second, so code loaded on idle
 * counts too.
 */
async function scriptsOf(browser, url) {
  const page = await browser.newPage()
  const origin = new URL(url).origin
  const scripts = new Set()
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && res.url().startsWith(origin)) scripts.add(res.url())
  })
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 })
    await page.waitForNetworkIdle({ idleTime: 1000, timeout: 30_000 })
  } finally {
    await page.close()
  }
  return [...scripts]
}

async function measureJavaScript(chromePort, site, routes) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` })
  const out = {}
  try {
    for (const route of routes) out[route] = await gzipBytes(await scriptsOf(browser, `${site}${route}`))
  } finally {
    await browser.disconnect()
  }
  return out
}

async function main() {
  const stack = process.env.BENCH_URL ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} } : await startStack()
  let chromium
  const report = { site: stack.url, runs: RUNS, loadAverageAtStart: loadavg(), javascript: {}, pages: {} }
  try {
    chromium = await startChromium()
    const sample = await samplePaths(stack.url)
    const pages = process.env.BENCH_PAGES
      ? process.env.BENCH_PAGES.split(',').map((p) => p.trim()).filter(Boolean)
      : ['/', '/products', sample.product, '/book-appointment', sample.article]
    report.chromium = chromium.version
    say(`Site: ${stack.url}   ${chromium.version}   Lighthouse ${LIGHTHOUSE_VERSION}   load average ${loadAverage()}`)

    if (process.env.BENCH_JS !== '0') {
      say(`\nJavaScript each public route loads (gzip; aims: <= ${JS_AIM_KB.home} KB on /, <= ${JS_AIM_KB.other} KB on the others)`)
      const js = await measureJavaScript(chromium.port, stack.url, publicRoutes(sample))
      for (const [route, { total, files }] of Object.entries(js)) {
        report.javascript[route] = { gzipBytes: total, files }
        say(`  ${route.padEnd(44)} ${kb(total).padStart(9)} in ${String(files.length).padStart(2)} files   aim <= ${jsAimKb(route)} KB: ${mark(total <= jsAimKb(route) * 1024)}`)
      }
    }

    let cpuSlowdown = CPU_SLOWDOWN
    if (REFERENCE_BI) {
      // Lighthouse multiplies the page's task times as measured here: the faster this machine, the more.
      const { metrics } = await auditWithRetry(chromium.port, `${stack.url}/`, DEFAULT_CPU_SLOWDOWN)
      cpuSlowdown = Math.round(((DEFAULT_CPU_SLOWDOWN * metrics.benchmarkIndex) / REFERENCE_BI) * 10) / 10
      say(`\nThis machine's benchmark index ${Math.round(metrics.benchmarkIndex)}: a CPU slowdown of ${DEFAULT_CPU_SLOWDOWN} x ${Math.round(metrics.benchmarkIndex)} / ${REFERENCE_BI} = ${cpuSlowdown}x scores as a machine of ${REFERENCE_BI} would`)
    }
    report.cpuSlowdown = cpuSlowdown
    say(`\nLighthouse (mobile emulation, simulated throttling, CPU slowdown ${cpuSlowdown}x), median of ${RUNS} run(s) per page; aims: performance >= ${AIMS.performance}, the others 100`)
    if (FLOOR) say('Each page also without its scripts (blocked), runs alternating: the floor this machine puts under the page.')
    for (const page of pages) {
      const runs = []
      const floorRuns = []
      for (let i = 0; i < RUNS; i++) {
        runs.push(await auditWithRetry(chromium.port, `${stack.url}${page}`, cpuSlowdown))
        if (FLOOR) floorRuns.push(await auditWithRetry(chromium.port, `${stack.url}${page}`, cpuSlowdown, { withoutScripts: true }))
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]))
      const metric = (m) => median(runs.map((r) => r.metrics[m]))
      const metrics = { fcp: metric('fcp'), lcp: metric('lcp'), tbt: metric('tbt'), cls: metric('cls'), benchmarkIndex: metric('benchmarkIndex') }
      const last = runs[runs.length - 1]
      report.pages[page] = { scores, metrics, performanceRuns: runs.map((r) => r.scores.performance), failedAudits: last.failed }
      say(
        `  ${page.padEnd(44)} performance ${String(scores.performance).padStart(3)} (runs ${runs.map((r) => r.scores.performance).join('/')})  accessibility ${String(scores.accessibility).padStart(3)}  ` +
          `best-practices ${String(scores['best-practices']).padStart(3)}  seo ${String(scores.seo).padStart(3)}`,
      )
      say(`      medians: FCP ${Math.round(metrics.fcp)} ms, LCP ${Math.round(metrics.lcp)} ms, TBT ${Math.round(metrics.tbt)} ms, CLS ${metrics.cls?.toFixed(3)}; benchmark index ${Math.round(metrics.benchmarkIndex ?? 0)}`)
      if (FLOOR) {
        const floor = {
          performance: median(floorRuns.map((r) => r.scores.performance)),
          tbt: median(floorRuns.map((r) => r.metrics.tbt)),
          lcp: median(floorRuns.map((r) => r.metrics.lcp)),
        }
        report.pages[page].withoutScripts = { ...floor, performanceRuns: floorRuns.map((r) => r.scores.performance) }
        say(
          `      without its scripts: performance ${floor.performance} (runs ${floorRuns.map((r) => r.scores.performance).join('/')}), TBT ${Math.round(floor.tbt)} ms, LCP ${Math.round(floor.lcp)} ms; ` +
            `the scripts cost ${floor.performance - scores.performance} points, TBT ${Math.round(metrics.tbt - floor.tbt)} ms`,
        )
      }
      for (const c of CATEGORIES) if (scores[c] < AIMS[c]) say(`      ${c} ${scores[c]} < ${AIMS[c]}: ${mark(false)}`)
      for (const f of last.failed) say(`      short of full marks (last run): ${f}`)
    }
    report.loadAverageAtEnd = loadavg()
    say(`\nLoad average at the end: ${loadAverage()} (other work on the machine lowers the scores)`)
  } finally {
    await chromium?.stop()
    await stack.stop()
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(report, null, 2)}\n`)
}

main().catch((err) => {
  process.stderr.write(`\nbench:web failed: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
