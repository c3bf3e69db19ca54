#!/usr/bin/env node
// `npm run bench:gateway`: what the gateway costs. The same read (GET /locations of messaging-sync)
// is loaded through the gateway (/api/messaging/locations) and directly against the service,
// alternating in one run, with autocannon. Prints requests/s of each, their ratio and the p99
// latency the gateway adds. Aims: ratio >= 0.75 and <= 2 ms added at p99. The rate limit stays on
// (counted in Redis, as in production) with its ceiling raised for the run.
//
// The clinics list is public (Cache-Control: public, max-age=300), so the gateway answers repeats
// from its memory for up to API_CACHE_MAX_SECONDS (api-cache.ts): after the first request in each
// such period the service is not asked, only the rate limit (Redis), the path guard and the headers
// are paid — what a repeated public read costs. The same read sent with a cookie is never answered
// from the cache, so each round also measures what a request proxied to the service costs
// ("uncached": every read without public Cache-Control, and every signed-in one, costs that).
//
// The service and the gateway run as their built servers (`npm run build` first; the script runs
// `tsc -b` itself through npm), each in its own process, on PostgreSQL from DATABASE_URL (else
// TEST_DATABASE_URL, else 127.0.0.1:5432, else an embedded one) and Redis from REDIS_URL (else
// 127.0.0.1:6379, else a launched redis-server).
//
// Options (environment): BENCH_ROUNDS=3 (alternations), BENCH_SECONDS=10 (per run),
// BENCH_CONNECTIONS=20, BENCH_LOG_LEVEL=info (both processes), BENCH_JSON=<file> (write the figures
// as JSON too), BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (profile the gateway),
// BENCH_API_CACHE_MAX_SECONDS=0 (the gateway's API_CACHE_MAX_SECONDS; 0: the gateway without its cache).
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'

import autocannon from 'autocannon'

import { cleanup, database, freePort, redis, run, start } from './stack.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const AIM_RATIO = 0.75
const AIM_ADDED_P99_MS = 2
const GATEWAY_NODE_ARGS = process.env.BENCH_GATEWAY_NODE_ARGS ? process.env.BENCH_GATEWAY_NODE_ARGS.split(' ') : []

const say = (line = '') => process.stdout.write(`${line}\n`)

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { accept: 'application/json', ...headers } }, (err, result) => (err ? reject(err) : resolve(result)))
  })
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
  await start(
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

  const through = `http://127.0.0.1:${gatewayPort}/api/messaging/locations`
  const direct = `${serviceUrl}/locations`
  for (const url of [through, direct]) {
    const res = await fetch(url)
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`)
  }

  say(`Gateway cost: GET /locations of messaging-sync, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} alternations (log level ${common.LOG_LEVEL}, rate limit on, API_CACHE_MAX_SECONDS ${process.env.BENCH_API_CACHE_MAX_SECONDS ?? "the gateway's default"})`)
  const uncached = { cookie: 'bench=1' }
  await load(through) // warm-up: JIT, connection pools
  await load(through, uncached)
  await load(direct)
  const errors = (r) => r.errors + r.timeouts + r.non2xx
  const figures = (r) => ({ rps: r.requests.average, p99: r.latency.p99, errors: errors(r) })
  const shown = (f) => `${f.rps.toFixed(0)} req/s (p99 ${f.p99} ms, ${f.errors} errors)`
  const rows = []
  for (let round = 1; round <= ROUNDS; round++) {
    const row = { round, gateway: figures(await load(through)), uncached: figures(await load(through, uncached)), direct: figures(await load(direct)) }
    row.ratio = row.gateway.rps / row.direct.rps
    row.addedP99 = row.gateway.p99 - row.direct.p99
    row.uncachedRatio = row.uncached.rps / row.direct.rps
    row.uncachedAddedP99 = row.uncached.p99 - row.direct.p99
    rows.push(row)
    say(`round ${round}: gateway ${shown(row.gateway)}, gateway uncached ${shown(row.uncached)}, direct ${shown(row.direct)}`)
    say(`  ratio ${row.ratio.toFixed(2)}, added p99 ${row.addedP99} ms; uncached: ratio ${row.uncachedRatio.toFixed(2)}, added p99 ${row.uncachedAddedP99} ms`)
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const ratio = median(rows.map((r) => r.ratio))
  const added = median(rows.map((r) => r.addedP99))
  const uncachedRatio = median(rows.map((r) => r.uncachedRatio))
  const uncachedAdded = median(rows.map((r) => r.uncachedAddedP99))
  say()
  say(`median ratio ${ratio.toFixed(2)} (aim >= ${AIM_RATIO}: ${ratio >= AIM_RATIO ? 'met' : 'BELOW AIM'}), median added p99 ${added} ms (aim <= ${AIM_ADDED_P99_MS}: ${added <= AIM_ADDED_P99_MS ? 'met' : 'ABOVE AIM'})`)
  say(`uncached (proxied to the service every time): median ratio ${uncachedRatio.toFixed(2)}, median added p99 ${uncachedAdded} ms`)
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rows, ratio, addedP99: added, uncachedRatio, uncachedAddedP99: uncachedAdded }, null, 2))
}

try {
  await main()
} catch (err) {
  process.exitCode = 1
  say(`bench:gateway failed: ${err instanceof Error ? err.message : String(err)}`)
} finally {
  await cleanup()
}
