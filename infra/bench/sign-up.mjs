#!/usr/bin/env node
// `npm run bench:sign-up`: a burst of sign-ups through the gateway while someone else signs in.
// Identity (production hashing parameters) behind the gateway, its rate limit raised for the run.
// BENCH_SIGNUPS (40) sign-ups are sent at once, each from its own address, BENCH_ROUNDS (3) times
// in a row; meanwhile an existing account signs in over and over, one attempt after the other,
// until every sign-up has answered.
// Prints the sign-ups' answers by status, how many accounts exist compared with the 201s given,
// and the sign-ins' p50/p95/max and statuses.
// Aim: no 504 at all, no account created for a client that was not told 201, sign-in p95 < 5 s.
//
// Built servers (`npm run build`; the script runs `tsc -b` through npm). PostgreSQL and Redis as
// bench:gateway finds them. Options: BENCH_SIGNUPS=40, BENCH_ROUNDS=3, BENCH_JSON=<file>.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'

import pg from 'pg'

import { cleanup, freePort, run, serviceEnv, start } from './stack.mjs'

const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 40)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const say = (line = '') => process.stdout.write(`${line}\n`)

function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]) : NaN)
  return { p50: at(0.5), p95: at(0.95), max: at(1) }
}

const count = (list) => list.reduce((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {})

async function timed(url, init) {
  const started = performance.now()
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
    await res.arrayBuffer()
    return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after') }
  } catch {
    return { status: 'error', ms: performance.now() - started }
  }
}

async function main() {
  const { env: common, rateLimitPrefix } = await serviceEnv('signup')
  const admin = { email: 'owner@example.com', password: `bench ${randomBytes(8).toString('hex')}` }
  await run('services/identity/dist/migrate.js', { DATABASE_URL: common.DATABASE_URL })
  await run('services/identity/dist/bootstrap-admin.js', { DATABASE_URL: common.DATABASE_URL, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password })
  const identityPort = await freePort()
  const gatewayPort = await freePort()
  const publicUrl = `http://127.0.0.1:${gatewayPort}`
  await start(
    'identity',
    'services/identity/dist/server.js',
    { ...common, PORT: String(identityPort), PUBLIC_URL: publicUrl, COOKIE_SECURE: 'false', SIGNING_KEY_SECRET: randomBytes(32).toString('base64') },
    identityPort,
  )
  await start(
    'gateway',
    'gateway/dist/server.js',
    {
      ...common,
      PORT: String(gatewayPort),
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      SCHEDULING_URL: 'http://127.0.0.1:9',
      MESSAGING_URL: 'http://127.0.0.1:9',
      CONTENT_URL: 'http://127.0.0.1:9',
      CATALOGUE_URL: 'http://127.0.0.1:9',
      TRUSTED_PROXIES: '127.0.0.1',
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_PREFIX: rateLimitPrefix,
    },
    gatewayPort,
  )
  const json = { 'content-type': 'application/json', accept: 'application/json' }
  const signIn = () =>
    timed(`${publicUrl}/api/identity/sign-in`, { method: 'POST', headers: { ...json, 'x-forwarded-for': '192.0.2.10' }, body: JSON.stringify(admin) })
  const warm = await signIn()
  if (warm.status !== 200) throw new Error(`the owner's sign-in answered ${warm.status} before the burst`)

  say(`${ROUNDS} rounds of ${SIGNUPS} concurrent sign-ups through the gateway, an unrelated sign-in repeated meanwhile`)
  let done = false
  const signIns = []
  const signing = (async () => {
    while (!done) signIns.push(await signIn())
  })()
  const signUps = []
  for (let round = 0; round < ROUNDS; round++) {
    const burst = await Promise.all(
      Array.from({ length: SIGNUPS }, (_, i) =>
        timed(`${publicUrl}/api/identity/sign-up`, {
          method: 'POST',
          headers: { ...json, 'x-forwarded-for': `10.${20 + round}.${Math.floor(i / 200)}.${(i % 200) + 1}` },
          body: JSON.stringify({
            first_name: 'Bench',
            last_name: `Patient${i}`,
            email: `bench.signup${round}.${i}@example.com`,
            phone: '(770) 555-0123',
            password: `a long enough passphrase ${i}`,
            preferred_location_uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a01',
          }),
        }),
      ),
    )
    signUps.push(...burst)
  }
  done = true
  await signing
  // Sign-ups still working after their client was told something else: counted once the number stops growing.
  const client = new pg.Client({ connectionString: common.DATABASE_URL })
  await client.connect()
  const accounts = async () => (await client.query(`select count(*)::int as n from identity.users where email like 'bench.signup%'`)).rows[0].n
  let created = await accounts()
  for (let previous = -1; created !== previous; ) {
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    previous = created
    created = await accounts()
  }
  await client.end()

  const signUpStatuses = count(signUps.map((r) => r.status))
  const told201 = signUpStatuses[201] ?? 0
  const signUpTimes = percentiles(signUps.map((r) => r.ms))
  const signInTimes = percentiles(signIns.map((r) => r.ms))
  const signInStatuses = count(signIns.map((r) => r.status))
  const retryAfter = [...new Set(signUps.filter((r) => r.status === 503).map((r) => r.retryAfter))]
  const gatewayTimeouts = signUps.filter((r) => r.status === 504).length + signIns.filter((r) => r.status === 504).length
  say(`sign-ups: ${JSON.stringify(signUpStatuses)} (503 Retry-After ${JSON.stringify(retryAfter)}), p50 ${signUpTimes.p50} ms, p95 ${signUpTimes.p95} ms, max ${signUpTimes.max} ms`)
  say(`accounts created: ${created}; told 201: ${told201}; created but told otherwise: ${Math.max(0, created - told201)}`)
  say(`sign-ins meanwhile: ${signIns.length}, ${JSON.stringify(signInStatuses)}, p50 ${signInTimes.p50} ms, p95 ${signInTimes.p95} ms, max ${signInTimes.max} ms`)
  const met = gatewayTimeouts === 0 && created === told201 && signInTimes.p95 < 5000 && Object.keys(signInStatuses).every((s) => s === '200')
  say(`504s: ${gatewayTimeouts}. aim: no 504, no account created unannounced, every sign-in 200 with p95 < 5 s: ${met ? 'met' : 'NOT MET'}`)
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ signups: SIGNUPS, rounds: ROUNDS, signUpStatuses, created, told201, signUpTimes, signIns: signIns.length, signInStatuses, signInTimes, gatewayTimeouts }, null, 2))
  }
  if (!met) process.exitCode = 1
}

try {
  await main()
} catch (err) {
  process.exitCode = 1
  say(`bench:sign-up failed: ${err instanceof Error ? err.message : String(err)}`)
} finally {
  await cleanup()
}
