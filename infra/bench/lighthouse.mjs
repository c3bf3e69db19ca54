#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile emulation, simulated slow 4G and CPU throttling — its
// defaults) on the public marketing pages, through the whole stack started the way `npm start`
// starts it (on a free port, with a fresh data directory), in Debian's Chromium.
//
// Prints, per page, the performance, accessibility, best-practices and SEO scores, and for / the
// JavaScript it loads: gzip bytes (what the gateway sends a browser that accepts gzip) and bytes
// on the wire (brotli). Aims: performance >= 95, the other three 100, <= 120 KB of gzip JS on /.
// It reports; it does not fail on a missed aim (scores vary from machine to machine).
//
// Options (environment): BENCH_PAGES="/,/about-us" (default: / /about-us /locations /cognivue),
// BENCH_RUNS=3 (median of N runs per page; default 1), CHROMIUM_PATH (default /usr/bin/chromium),
// BENCH_JSON=<file> (write the figures as JSON too), BENCH_URL=<running site> (use it instead of
// starting a stack).
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

import lighthouse from 'lighthouse'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PAGES = (process.env.BENCH_PAGES ?? '/,/about-us,/locations,/cognivue').split(',').map((p) => p.trim()).filter(Boolean)
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1) || 1)
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const AIMS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }
const JS_AIM_KB = 120

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
  await waitFor(`http://127.0.0.1:${port}/json/version`, 30_000, child)
  return {
    port,
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

async function audit(chromePort, url) {
  const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })
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
  }
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin))
  return { scores, failed, metrics, scripts }
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

async function main() {
  say(`Lighthouse (mobile emulation, simulated throttling) on ${PAGES.join(' ')}, ${RUNS} run(s) per page`)
  const stack = process.env.BENCH_URL ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} } : await startStack()
  let chromium
  const report = { site: stack.url, runs: RUNS, pages: {} }
  try {
    chromium = await startChromium()
    say(`Site: ${stack.url}\n`)
    for (const page of PAGES) {
      const runs = []
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chromium.port, `${stack.url}${page}`))
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]))
      const last = runs[runs.length - 1]
      report.pages[page] = { scores, metrics: last.metrics, failedAudits: last.failed }
      say(
        `${page.padEnd(12)} performance ${String(scores.performance).padStart(3)}  accessibility ${String(scores.accessibility).padStart(3)}  ` +
          `best-practices ${String(scores['best-practices']).padStart(3)}  seo ${String(scores.seo).padStart(3)}   ` +
          `(FCP ${Math.round(last.metrics.fcp)} ms, LCP ${Math.round(last.metrics.lcp)} ms, TBT ${Math.round(last.metrics.tbt)} ms, CLS ${last.metrics.cls?.toFixed(3)})`,
      )
      for (const c of CATEGORIES) if (scores[c] < AIMS[c]) say(`    ${c} ${scores[c]} < ${AIMS[c]}: ${mark(false)}`)
      for (const f of last.failed) say(`    short of full marks: ${f}`)

      if (page === '/') {
        const wire = last.scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0)
        const gzip = await gzipBytes(last.scripts.map((s) => s.url))
        report.pages[page].javascript = { files: gzip.files, gzipBytes: gzip.total, wireBytes: wire }
        say(`    JavaScript loaded by /: ${last.scripts.length} files, ${kb(gzip.total)} gzip (${kb(wire)} on the wire, brotli) — aim <= ${JS_AIM_KB} KB gzip: ${mark(gzip.total <= JS_AIM_KB * 1024)}`)
        for (const f of gzip.files) say(`      ${kb(f.bytes).padStart(9)}  ${new URL(f.url).pathname}`)
      }
    }
  } finally {
    await chromium?.stop()
    await stack.stop()
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(report, null, 2)}\n`)
  say('\nAims: performance >= 95, accessibility, best-practices and SEO 100, <= 120 KB of gzip JavaScript on /.')
}

main().catch((err) => {
  process.stderr.write(`\nbench:web failed: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
