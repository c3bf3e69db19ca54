#!/usr/bin/env node
// `npm run bench:gateway`: what the gateway costs. The same read (GET /locations of messaging-sync)
// is loaded directly against the service, through nginx (the reference reverse proxy, when
// installed: nginx.mjs) and through the gateway (/api/messaging/locations), alternating in one run,
// with autocannon. Prints requests/s and p99 of each per round, the CPU time the proxy (gateway or
// nginx) spent per request (cpu-time.mjs), the ratios and added p99, and their medians.
//
// Two gateway loads. "cached": the clinics list is public (Cache-Control: public, max-age=300), so
// the gateway answers repeats from its memory for up to API_CACHE_MAX_SECONDS (api-cache.ts), paying
// only the rate limit, the path guard and the headers. "proxied": the same read sent with a cookie
// is never answered from the cache, so it measures what every request passed on to a service costs
// (anything signed in, every write). nginx gets the proxied load's requests (with the cookie) and
// passes them on the same way. Aims: proxied >= 0.6x nginx's requests/s and p99 <= 5 ms above
// nginx's; cached >= 0.75x direct and p99 <= 2 ms above direct's. The rate limit stays on (the
// counted in Redis, as in production) with its ceiling raised for the run.
//
// The service and the gateway run as their built servers (`npm run build` first; the script runs
// `tsc -b` itself through npm), each in its own process, on PostgreSQL from DATABASE_URL (else
// TEST_DATABASE_URL, else 127.0.0.1:5432, else an embedded one) and Redis from REDIS_URL (else
// 127.0.0.1:6379, else a launched redis-server). The machine's load average is printed before and
// after: other work on the machine moves the figures, so compare within a run, by its medians.
//
// Options (environment): BENCH_ROUNDS=3 (alternations), BENCH_SECONDS=10 (per run),
// BENCH_CONNECTIONS=20, BENCH_LOG_LEVEL=info (both processes), BENCH_JSON=<file> (write the figures
// as JSON too), BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (profile the gateway),
// BENCH_API_CACHE_MAX_SECONDS=0 (the gateway's API_CACHE_MAX_SECONDS; 0: the gateway without its cache),
// BENCH_LOADS=proxied (only these loads, comma-separated, e.g. to profile one path), NGINX_BIN (the
// nginx binary, else /usr/sbin/nginx and the like).
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'

import autocannon from 'autocannon'

import { cpuSeconds } from './cpu-time.mjs'
import { nginxBinary, startNginx } from './nginx.mjs'
import { cleanup, database, freePort, redis, run, start } from './stack.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const AIMS = { proxiedPerNginx: 0.6, proxiedAddedP99: 5, cachedPerDirect: 0.75, cachedAddedP99: 2 }
const GATEWAY_NODE_ARGS = process.env.BENCH_GATEWAY_NODE_ARGS ? process.env.BENCH_GATEWAY_NODE_ARGS.split(' ') : []
const ONLY = process.env.BENCH_LOADS ? new Set(process.env.BENCH_LOADS.split(',').map((s) => s.trim())) : undefined
/** A cookie makes a read uncacheable, as every signed-in request is. */
const PROXIED_HEADERS = { cookie: 'bench=1' }

const say = (line = '') => process.stdout.write(`${line}\n`)
const load1 = () => loadavg()[0].toFixed(2)

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { accept: 'application/json', ...headers } }, (err, result) => (err ? reject(err) : resolve(result)))
  })
}

const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b)
  if (sorted.length === 0) return undefined
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const ratio = (a, b) => (a && b ? a.rps / b.rps : undefined)
const addedP99 = (a, b) => (a && b ? a.p99 - b.p99 : undefined)
const fixed = (v, digits = 2) => (v === undefined ? 'n/a' : v.toFixed(digits))
const verdict = (ok) => (ok === undefined ? 'not measured' : ok ? 'met' : 'MISSED')

/** The ratios and added p99 of one round's figures (or of their medians). */
function compare(f) {
  return {
    nginxPerDirect: ratio(f.nginx, f.direct),
    nginxAddedP99: addedP99(f.nginx, f.direct),
    cachedPerDirect: ratio(f.cached, f.direct),
    cachedAddedP99: addedP99(f.cached, f.direct),
    proxiedPerNginx: ratio(f.proxied, f.nginx),
    proxiedPerDirect: ratio(f.proxied, f.direct),
    proxiedAddedP99: addedP99(f.proxied, f.nginx),
    proxiedAddedP99OverDirect: addedP99(f.proxied, f.direct),
  }
}

function sayComparison(c) {
  if (c.nginxPerDirect !== undefined) say(`  nginx: ${fixed(c.nginxPerDirect)}x direct, p99 ${fixed(c.nginxAddedP99, 1)} ms above direct's`)
  if (c.cachedPerDirect !== undefined) say(`  gateway cached: ${fixed(c.cachedPerDirect)}x direct, p99 ${fixed(c.cachedAddedP99, 1)} ms above direct's`)
  if (c.proxiedPerDirect !== undefined || c.proxiedPerNginx !== undefined) {
    say(`  gateway proxied: ${fixed(c.proxiedPerNginx)}x nginx, ${fixed(c.proxiedPerDirect)}x direct, p99 ${fixed(c.proxiedAddedP99, 1)} ms above nginx's (${fixed(c.proxiedAddedP99OverDirect, 1)} ms above direct's)`)
  }
}

async function main() {
  const databaseUrl = await database('bench_gateway')
  const redisUrl = await redis()
  const internalToken = randomBytes(24).toString('hex')
  const common = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, INTERNAL_TOKEN: internalToken, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', NODE_ENV: 'production', HOST: '127.0.0.1' }

  await run('services/messaging-sync/dist/migrate.js', { DATABASE_URL: databaseUrl })
  const servicePort = await freePort()
  // Nothing here verifies tokens; identity's JWKS URL only has to be well formed.
  await start('messaging-sync', 'services/messaging-sync/dist/server.js', { ...common, PORT: String(servicePort), IDENTITY_JWKS_URL: 'http://127.0.0.1:9/jwks', QUEUE_PREFIX: `bench-${internalToken.slice(0, 6)}` }, servicePort)

  const gatewayPort = await freePort()
  const serviceUrl = `http://127.0.0.1:${servicePort}`
  const nowhere = 'http://127.0.0.1:9'
  const gateway = await start(
    'gateway',
    'gateway/dist/server.js',
    {
      ...common,
      PORT: String(gatewayPort),
      MESSAGING_URL: serviceUrl,
      IDENTITY_URL: nowhere,
      SCHEDULING_URL: nowhere,
      CATALOGUE_URL: nowhere,
      CONTENT_URL: nowhere,
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_PREFIX: `bench-gateway-${internalToken.slice(0, 6)}:`,
      ...(process.env.BENCH_API_CACHE_MAX_SECONDS ? { API_CACHE_MAX_SECONDS: process.env.BENCH_API_CACHE_MAX_SECONDS } : {}),
    },
    gatewayPort,
    GATEWAY_NODE_ARGS,
  )

  const loads = {
    direct: { url: `${serviceUrl}/locations` },
    cached: { url: `http://127.0.0.1:${gatewayPort}/api/messaging/locations`, proxy: gateway.pid },
    proxied: { url: `http://127.0.0.1:${gatewayPort}/api/messaging/locations`, headers: PROXIED_HEADERS, proxy: gateway.pid },
  }
  const nginx = nginxBinary()
  if (nginx) {
    const nginxPort = await freePort()
    const nginxProcess = await startNginx({ binary: nginx, port: nginxPort, upstreamPort: servicePort, prefix: '/api/messaging', probePath: '/api/messaging/locations' })
    loads.nginx = { url: `http://127.0.0.1:${nginxPort}/api/messaging/locations`, headers: PROXIED_HEADERS, proxy: nginxProcess.pid }
  }
  const names = Object.keys(loads).filter((name) => !ONLY || ONLY.has(name))
  for (const name of names) {
    const res = await fetch(loads[name].url, { headers: loads[name].headers })
    if (!res.ok) throw new Error(`${loads[name].url} answered ${res.status}: ${await res.text()}`)
  }

  say(`Gateway cost: GET /locations of messaging-sync, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} alternations (log level ${common.LOG_LEVEL}, rate limit on, API_CACHE_MAX_SECONDS ${process.env.BENCH_API_CACHE_MAX_SECONDS ?? "the gateway's default"})`)
  say(nginx ? `reference: ${nginx} (one worker, keepalive to the service)` : 'reference: no nginx installed (apt-get install nginx-light): no figures relative to nginx')
  say(`load average (1 min) before: ${load1()} on this machine`)
  for (const name of names) await load(loads[name].url, loads[name].headers) // warm-up: JIT, connection pools

  const errors = (r) => r.errors + r.timeouts + r.non2xx
  const figures = (r) => ({ rps: r.requests.average, p99: r.latency.p99, errors: errors(r) })
  const shown = (f) => `${f.rps.toFixed(0)} req/s, p99 ${f.p99} ms, ${f.errors} errors${f.cpuUs === undefined ? '' : `, proxy CPU ${f.cpuUs.toFixed(0)} µs/request`}`
  /** One load's figures, with the CPU time its proxy (gateway or nginx) spent per request. */
  const measure = async ({ url, headers, proxy }) => {
    const cpuBefore = proxy === undefined ? undefined : cpuSeconds(proxy)
    const result = await load(url, headers)
    const f = figures(result)
    const cpuAfter = proxy === undefined ? undefined : cpuSeconds(proxy)
    if (cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0) f.cpuUs = ((cpuAfter - cpuBefore) * 1e6) / result.requests.total
    return f
  }
  const rows = []
  for (let round = 1; round <= ROUNDS; round++) {
    // Each round starts with another load, so none is always measured first (or last).
    const order = names.map((_, i) => names[(i + round - 1) % names.length])
    const row = { round, figures: {} }
    for (const name of order) row.figures[name] = await measure(loads[name])
    row.compared = compare(row.figures)
    rows.push(row)
    say(`round ${round}: ${order.map((name) => `${name} ${shown(row.figures[name])}`).join('; ')}`)
    sayComparison(row.compared)
  }
  const medians = {}
  for (const key of Object.keys(rows[0].compared)) medians[key] = median(rows.map((r) => r.compared[key]))
  const medianFigures = Object.fromEntries(
    names.map((name) => [name, { rps: median(rows.map((r) => r.figures[name].rps)), p99: median(rows.map((r) => r.figures[name].p99)), cpuUs: median(rows.map((r) => r.figures[name].cpuUs)) }]),
  )

  say()
  const cpuShown = (f) => (f.cpuUs === undefined ? '' : `, proxy CPU ${f.cpuUs.toFixed(0)} µs/request`)
  say(`medians of ${ROUNDS} rounds: ${names.map((name) => `${name} ${medianFigures[name].rps.toFixed(0)} req/s, p99 ${medianFigures[name].p99} ms${cpuShown(medianFigures[name])}`).join('; ')}`)
  const cpuRatio = medianFigures.proxied?.cpuUs && medianFigures.nginx?.cpuUs ? medianFigures.proxied.cpuUs / medianFigures.nginx.cpuUs : undefined
  if (cpuRatio !== undefined) say(`  CPU per proxied request: the gateway spends ${cpuRatio.toFixed(1)}x what nginx does (less moved by other work on the machine than requests/s)`)
  sayComparison(medians)
  say(`load average (1 min) after: ${load1()}`)
  const met = (value, aim, atLeast) => (value === undefined ? undefined : atLeast ? value >= aim : value <= aim)
  say(`aims: proxied >= ${AIMS.proxiedPerNginx}x nginx: ${verdict(met(medians.proxiedPerNginx, AIMS.proxiedPerNginx, true))}; proxied p99 <= ${AIMS.proxiedAddedP99} ms above nginx's: ${verdict(met(medians.proxiedAddedP99, AIMS.proxiedAddedP99, false))}`)
  say(`      cached >= ${AIMS.cachedPerDirect}x direct: ${verdict(met(medians.cachedPerDirect, AIMS.cachedPerDirect, true))}; cached p99 <= ${AIMS.cachedAddedP99} ms above direct's: ${verdict(met(medians.cachedAddedP99, AIMS.cachedAddedP99, false))}`)
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rows, medians, medianFigures, aims: AIMS }, null, 2))
}

try {
  await main()
} catch (err) {
  process.exitCode = 1
  say(`bench:gateway failed: ${err instanceof Error ? err.message : String(err)}`)
} finally {
  await cleanup()
}
