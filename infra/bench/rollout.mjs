#!/usr/bin/env node
// `npm run bench:rollout`: does a rolling restart drop requests? Two replicas of content,
// catalogue and messaging-sync behind the gateway (which balances across them and retries what a
// replica could not take); a steady mixed load through the gateway (page views, product reads,
// contact messages, each patient from an address of its own); meanwhile every replica is stopped
// (SIGTERM, as Kubernetes does) and started again, one at a time. Prints the requests sent, how
// many failed (anything but the expected 2xx), the p99, and each replica's stop time. Aim: 0 failed.
//
// Built servers (`npm run build`; the script runs `tsc -b` through npm). PostgreSQL and Redis as
// bench:gateway finds them. Options: BENCH_RATE=60 (requests/s), BENCH_REPLICAS=2,
// BENCH_SETTLE_SECONDS=5 (load before and after the restarts), BENCH_JSON=<file>.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'

import autocannon from 'autocannon'

import { cleanup, freePort, run, serviceEnv, start, stop } from './stack.mjs'

const RATE = Number(process.env.BENCH_RATE ?? 60)
const REPLICAS = Math.max(2, Number(process.env.BENCH_REPLICAS ?? 2))
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 5)
const SERVICES = [
  { name: 'content', dir: 'services/content', gatewayEnv: 'CONTENT_URL' },
  { name: 'catalogue', dir: 'services/catalogue', gatewayEnv: 'CATALOGUE_URL' },
  { name: 'messaging-sync', dir: 'services/messaging-sync', gatewayEnv: 'MESSAGING_URL' },
]

const say = (line = '') => process.stdout.write(`${line}\n`)

/** A patient's address (the gateway trusts 127.0.0.1 as a proxy), so the contact form's per-address limit is not what is measured. */
const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`

const json = (method, path, body) => ({
  method,
  path,
  setupRequest: (req) => ({
    ...req,
    headers: { ...req.headers, 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': address() },
    body: body ? JSON.stringify(body()) : undefined,
  }),
})

/** Every answer should be a 2xx (200 or 202): anything else counts as failed. */
const mix = (locationUid) => [
  json('POST', '/api/content/events', () => ({ type: 'page_view', route: '/', path: '/' })),
  json('GET', '/api/catalogue/products', null),
  json('POST', '/api/content/events', () => ({ type: 'page_view', route: '/products', path: '/products' })),
  json('POST', '/api/messaging/contact', () => ({ first_name: 'Rollout', last_name: 'Bench', phone: '(770) 555-0123', location_uid: locationUid, message: 'Testing a rolling restart.' })),
]

async function main() {
  const { env: common, rateLimitPrefix } = await serviceEnv('rollout')
  for (const s of SERVICES) await run(`${s.dir}/dist/migrate.js`, { DATABASE_URL: common.DATABASE_URL })

  const replicas = []
  for (const s of SERVICES) {
    for (let i = 0; i < REPLICAS; i++) {
      const port = await freePort()
      const env = { ...common, PORT: String(port) }
      replicas.push({ service: s, name: `${s.name}-${i + 1}`, port, env, child: await start(`${s.name}-${i + 1}`, `${s.dir}/dist/server.js`, env, port) })
    }
  }
  const urls = (s) => replicas.filter((r) => r.service === s).map((r) => `http://127.0.0.1:${r.port}`).join(',')
  const gatewayPort = await freePort()
  await start(
    'gateway',
    'gateway/dist/server.js',
    {
      ...common,
      PORT: String(gatewayPort),
      ...Object.fromEntries(SERVICES.map((s) => [s.gatewayEnv, urls(s)])),
      IDENTITY_URL: 'http://127.0.0.1:9',
      SCHEDULING_URL: 'http://127.0.0.1:9',
      TRUSTED_PROXIES: '127.0.0.1',
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_PREFIX: rateLimitPrefix,
    },
    gatewayPort,
  )
  const locations = await (await fetch(`http://127.0.0.1:${gatewayPort}/api/messaging/locations`)).json()
  const locationUid = (locations.locations ?? locations)[0]?.uid
  if (!locationUid) throw new Error(`no location to send contact messages to: ${JSON.stringify(locations)}`)

  // Long enough for every restart; stopped once they are done and the load has settled.
  const instance = autocannon({ url: `http://127.0.0.1:${gatewayPort}`, connections: 10, overallRate: RATE, duration: 3600, requests: mix(locationUid) })
  const done = new Promise((resolve) => instance.on('done', resolve))

  say(`Rolling restart under load: ${REPLICAS} replicas each of ${SERVICES.map((s) => s.name).join(', ')}, ${RATE} requests/s (page views, product reads, contact messages)`)
  await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000))
  const stops = []
  for (const replica of replicas) {
    const t0 = Date.now()
    const code = await stop(replica.child)
    const stoppedMs = Date.now() - t0
    replica.child = await start(replica.name, `${replica.service.dir}/dist/server.js`, replica.env, replica.port)
    stops.push({ replica: replica.name, stoppedMs, exitCode: code, backMs: Date.now() - t0 })
    say(`  ${replica.name}: stopped in ${(stoppedMs / 1000).toFixed(1)} s (exit ${code}), serving again after ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  }
  await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000))
  instance.stop()
  const result = await done
  const failed = result.errors + result.timeouts + result.non2xx
  const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]))
  say()
  say(`requests sent ${result.requests.sent}, failed ${failed} (${result.errors} connection errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx; answers by status ${JSON.stringify(byStatus)}), p99 ${result.latency.p99} ms`)
  say(`aim: 0 failed: ${failed === 0 ? 'met' : 'NOT MET'}`)
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ sent: result.requests.sent, failed, byStatus, p99: result.latency.p99, stops }, null, 2))
}

try {
  await main()
} catch (err) {
  process.exitCode = 1
  say(`bench:rollout failed: ${err instanceof Error ? err.message : String(err)}`)
} finally {
  await cleanup()
}
