#!/usr/bin/env node
// `npm run bench:sync`: Sync Existing Users against the fake Podium with its rate limit set.
// Identity holds BENCH_USERS (2,000) confirmed accounts; messaging-sync (MESSAGING_PROVIDER=podium,
// MESSAGING_RATE_PER_MINUTE = the fake's limit, BENCH_LIMIT 1,200 a minute) is connected to the
// fake and an admin starts the sync through the route the Settings tab uses. Prints the achieved
// rate of contact calls ÷ the limit, the 429s Podium had to answer, duplicates (a contact upserted
// twice) and lost contacts (a user with no contact at the end). Aim: >= 0.95, 0, 0, 0.
//
// Built servers (`npm run build`; the script runs `tsc -b` through npm). PostgreSQL and Redis as
// bench:gateway finds them. Options: BENCH_USERS, BENCH_LIMIT, BENCH_JSON=<file>.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'

import pg from 'pg'

import { FAKE_PODIUM_CLIENT_ID, FAKE_PODIUM_CLIENT_SECRET, startFakePodium } from '../dist/fakes/podium.js'
import { cleanup, database, freePort, redis, run, start } from './stack.mjs'

const USERS = Number(process.env.BENCH_USERS ?? 2000)
const LIMIT = Number(process.env.BENCH_LIMIT ?? 1200)
const ADMIN_EMAIL = 'bench.admin@example.com'
const ADMIN_PASSWORD = 'Bench-Harbor-Lantern-2026'
const CLINICS = ['3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a01', '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a02']

const say = (line = '') => process.stdout.write(`${line}\n`)

/** BENCH_USERS confirmed patients straight into identity's table: a phone each (some none), a clinic (some none). */
async function seedUsers(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const rows = Array.from({ length: USERS }, (_, i) => [
    `bench.patient${i}@example.com`,
    `Patient${i}`,
    'Bench',
    i % 10 === 9 ? null : `(770) ${300 + Math.floor(i / 9000)}-${String(1000 + (i % 9000)).padStart(4, '0')}`,
    i % 7 === 6 ? null : CLINICS[i % 2],
  ])
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500)
    const values = chunk.map((_, j) => `($${j * 5 + 1}, now(), $${j * 5 + 2}, $${j * 5 + 3}, $${j * 5 + 4}, $${j * 5 + 5})`).join(', ')
    await client.query(`insert into identity.users (email, email_verified_at, first_name, last_name, phone, preferred_location_uid) values ${values}`, chunk.flat())
  }
  await client.end()
}

/** What an admin does once in Settings: Podium's code exchanged for tokens, kept by messaging-sync. */
async function connectPodium(fake, databaseUrl) {
  const redirect = 'http://127.0.0.1/callback'
  const consent = await fetch(`${fake.url}/oauth/authorize?client_id=${FAKE_PODIUM_CLIENT_ID}&response_type=code&redirect_uri=${encodeURIComponent(redirect)}`, { redirect: 'manual' })
  const code = new URL(consent.headers.get('location')).searchParams.get('code')
  const res = await fetch(`${fake.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: FAKE_PODIUM_CLIENT_ID, client_secret: FAKE_PODIUM_CLIENT_SECRET }),
  })
  const tokens = await res.json()
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query(`insert into messaging.provider_tokens (provider, access_token, refresh_token, expires_at, connected_by) values ('podium', $1, $2, now() + make_interval(secs => $3), 'bench')`, [
    tokens.access_token,
    tokens.refresh_token,
    tokens.expires_in,
  ])
  await client.end()
}

async function main() {
  const databaseUrl = await database('bench_sync')
  const redisUrl = await redis()
  const token = randomBytes(24).toString('hex')
  const fake = await startFakePodium({ limitPerMinute: LIMIT })
  const identityPort = await freePort()
  const publicUrl = `http://127.0.0.1:${identityPort}`
  const common = { DATABASE_URL: databaseUrl, INTERNAL_TOKEN: token, LOG_LEVEL: 'warn', NODE_ENV: 'production', HOST: '127.0.0.1' }
  const identityEnv = { ...common, SIGNING_KEY_SECRET: randomBytes(32).toString('base64url'), PUBLIC_URL: publicUrl, COOKIE_SECURE: 'false' }
  for (const dir of ['services/identity', 'services/messaging-sync']) await run(`${dir}/dist/migrate.js`, { DATABASE_URL: databaseUrl })
  await run('services/identity/dist/bootstrap-admin.js', { ...identityEnv, ADMIN_EMAIL, ADMIN_PASSWORD })
  await seedUsers(databaseUrl)
  await connectPodium(fake, databaseUrl)
  await start('identity', 'services/identity/dist/server.js', { ...identityEnv, PORT: String(identityPort) }, identityPort)
  const messagingPort = await freePort()
  await start(
    'messaging-sync',
    'services/messaging-sync/dist/server.js',
    {
      ...common,
      PORT: String(messagingPort),
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: `bench-sync-${token.slice(0, 6)}`,
      IDENTITY_JWKS_URL: `http://127.0.0.1:${identityPort}/.well-known/jwks.json`,
      MESSAGING_PROVIDER: 'podium',
      MESSAGING_RATE_PER_MINUTE: String(LIMIT),
      PODIUM_CLIENT_ID: FAKE_PODIUM_CLIENT_ID,
      PODIUM_CLIENT_SECRET: FAKE_PODIUM_CLIENT_SECRET,
      PODIUM_API_URL: fake.url,
      PODIUM_AUTHORIZE_URL: `${fake.url}/oauth/authorize`,
      PODIUM_TOKEN_URL: `${fake.url}/oauth/token`,
    },
    messagingPort,
  )

  const signIn = await fetch(`http://127.0.0.1:${identityPort}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicUrl },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  })
  if (!signIn.ok) throw new Error(`admin sign-in answered ${signIn.status}: ${await signIn.text()}`)
  const { access_token: accessToken } = await signIn.json()
  const admin = { authorization: `Bearer ${accessToken}` }
  const syncUrl = `http://127.0.0.1:${messagingPort}/admin/contact-sync`

  say(`Sync Existing Users: ${USERS} patients to the fake Podium, limit ${LIMIT} requests a minute (MESSAGING_RATE_PER_MINUTE ${LIMIT})`)
  const started = Date.now()
  const begin = await fetch(syncUrl, { method: 'POST', headers: admin })
  if (begin.status !== 202) throw new Error(`starting the sync answered ${begin.status}: ${await begin.text()}`)
  let sync
  let lastLine = 0
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000))
    ;({ sync } = await (await fetch(syncUrl, { headers: admin })).json())
    if (Date.now() - lastLine > 15_000) {
      lastLine = Date.now()
      say(`  ${Math.round((Date.now() - started) / 1000)} s: ${sync.synced} synced, ${sync.failed} failed of ${sync.total}`)
    }
    if (sync.status !== 'running') break
  }
  const seconds = (Date.now() - started) / 1000

  const contactCalls = fake.state.calls.filter((c) => c.method === 'POST' && c.path === '/v4/contacts' && c.status === 202)
  const span = (contactCalls.at(-1).at - contactCalls[0].at) / 1000
  const achievedPerMinute = ((contactCalls.length - 1) / span) * 60
  const ratio = achievedPerMinute / LIMIT
  const duplicates = fake.state.contacts.reduce((sum, c) => sum + c.upserts - 1, 0)
  const emails = new Set(fake.state.contacts.map((c) => c.email))
  const lost = Array.from({ length: USERS }, (_, i) => `bench.patient${i}@example.com`).filter((e) => !emails.has(e)).length

  say()
  say(`sync ${sync.status} in ${seconds.toFixed(1)} s: total ${sync.total}, synced ${sync.synced}, failed ${sync.failed}, skipped ${sync.skipped}`)
  say(`achieved ${achievedPerMinute.toFixed(0)} contact calls a minute over ${span.toFixed(1)} s; rate / limit ${ratio.toFixed(3)}`)
  say(`429s from Podium ${fake.state.limited}, duplicates ${duplicates}, lost contacts ${lost}`)
  const met = ratio >= 0.95 && fake.state.limited === 0 && duplicates === 0 && lost === 0
  say(`aim: rate / limit >= 0.95, 0 429s, 0 duplicates, 0 lost: ${met ? 'met' : 'NOT MET'}`)
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ users: USERS, limit: LIMIT, seconds, ratio, limited: fake.state.limited, duplicates, lost, sync }, null, 2))
  await fake.close()
}

try {
  await main()
} catch (err) {
  process.exitCode = 1
  say(`bench:sync failed: ${err instanceof Error ? err.message : String(err)}`)
} finally {
  await cleanup()
}
