import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { FAKE_PODIUM_CLIENT_ID, FAKE_PODIUM_CLIENT_SECRET, startFakePodium, type FakePodium } from '@hearing/infra/fakes/podium'
import { freePort, identityFake, startRedisServer, testRedisUrl, TEST_INTERNAL_TOKEN } from '@hearing/infra/testing'
import { createDb } from '@hearing/service-kit'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { SCHEMA } from '../src/app.js'
import type { Database } from '../src/database.js'
import { migrate, testConfig, TEST_PROVIDER_TOKEN_SECRET, waitFor } from './helper.js'

/**
 * Nothing a patient was told we received is lost: messaging-sync runs as a real process against
 * the fake Podium while it is killed (SIGKILL) and while its Redis is stopped. Figures are printed.
 */

interface Teardown {
  teardown(fn: () => unknown): void
}

const SERVER = fileURLToPath(new URL('./fixtures/server.ts', import.meta.url))
const EXEC_ARGV = process.execArgv.filter((arg) => !/@tapjs\/(processinfo|mock)/.test(arg))
const GAINESVILLE = CLINICS[0]!.uid

/** Podium connected as an admin would: the fake's code exchanged for tokens, kept in the service's table. */
async function connectPodium(t: Teardown, fake: FakePodium, databaseUrl: string) {
  const redirect = 'http://127.0.0.1/callback'
  const authorize = await fetch(`${fake.url}/oauth/authorize?client_id=${FAKE_PODIUM_CLIENT_ID}&response_type=code&redirect_uri=${encodeURIComponent(redirect)}`, { redirect: 'manual' })
  const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!
  const res = await fetch(`${fake.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: FAKE_PODIUM_CLIENT_ID, client_secret: FAKE_PODIUM_CLIENT_SECRET }),
  })
  const tokens = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number }
  const db = createDb<Database>({ url: databaseUrl, schema: SCHEMA, max: 1 })
  t.teardown(() => db.destroy())
  await db
    .insertInto('provider_tokens')
    .values({ provider: 'podium', access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires_at: new Date(Date.now() + tokens.expires_in * 1000), connected_by: 'admin-1' })
    .execute()
}

/** The service as a process of its own, with this environment; restartable. */
function serviceProcess(t: Teardown, env: Record<string, string>) {
  let child: ChildProcess | undefined
  let exited: Promise<void> = Promise.resolve()
  const startOnce = async () => {
    const proc = spawn(process.execPath, [...EXEC_ARGV, SERVER], { env: { PATH: process.env.PATH, TS_NODE_TRANSPILE_ONLY: '1', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    proc.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
    exited = new Promise((resolve) => proc.once('exit', () => resolve()))
    child = proc
    await waitFor(
      'the service to answer',
      async () => {
        if (proc.exitCode !== null) throw new Error(`messaging-sync exited (${proc.exitCode}): ${stderr}`)
        return fetch(`http://127.0.0.1:${env.PORT}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      },
      60_000,
    )
  }
  const kill = async (signal: NodeJS.Signals) => {
    child?.kill(signal)
    await exited
  }
  t.teardown(() => kill('SIGTERM'))
  return { start: startOnce, kill }
}

/** Sends one contact message until the service says it has it (a patient trying again); the marker is in its text. */
async function sendUntilAccepted(port: number, marker: string, address: string): Promise<number> {
  for (let tries = 1; ; tries++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ first_name: 'Rel', last_name: 'Iable', phone: '(770) 555-0142', location_uid: GAINESVILLE, message: marker }),
        signal: AbortSignal.timeout(5000),
      })
      if (res.status === 202) return tries
      await res.body?.cancel()
    } catch {
      // down (killed, restarting): try again
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

function arrivals(fake: FakePodium, markers: string[]) {
  const counts = new Map<string, number>()
  for (const m of fake.state.messages) {
    const marker = /Message: (REL-\S+)/.exec(m.body)?.[1]
    if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1)
  }
  const lost = markers.filter((m) => !counts.has(m)).length
  const duplicates = [...counts.values()].reduce((sum, n) => sum + (n - 1), 0)
  return { arrived: counts.size, lost, duplicates }
}

async function podiumStack(t: Teardown, redisUrl: string, fakeOptions = {}) {
  const fake = await startFakePodium({ limitPerMinute: 100_000, ...fakeOptions })
  t.teardown(() => fake.close())
  const config = await testConfig(t, { REDIS_URL: redisUrl })
  await migrate(config)
  await connectPodium(t, fake, config.DATABASE_URL)
  const port = await freePort()
  const service = serviceProcess(t, {
    PORT: String(port),
    DATABASE_URL: config.DATABASE_URL,
    // The fake identity's key set: nothing here signs in.
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: `rel-${randomBytes(4).toString('hex')}`,
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    IDENTITY_JWKS_URL: (await identityFake()).jwksUrl,
    MESSAGING_PROVIDER: 'podium',
    MESSAGING_RATE_PER_MINUTE: '60000',
    PODIUM_CLIENT_ID: FAKE_PODIUM_CLIENT_ID,
    PODIUM_CLIENT_SECRET: FAKE_PODIUM_CLIENT_SECRET,
    PROVIDER_TOKEN_SECRET: TEST_PROVIDER_TOKEN_SECRET,
    PODIUM_API_URL: fake.url,
    PODIUM_AUTHORIZE_URL: `${fake.url}/oauth/authorize`,
    PODIUM_TOKEN_URL: `${fake.url}/oauth/token`,
  })
  return { fake, port, service }
}

t.test('120 messages while messaging-sync is killed (SIGKILL) three times: none lost at Podium', async (t) => {
  const { fake, port, service } = await podiumStack(t, await testRedisUrl())
  await service.start()
  const total = 120
  const markers = Array.from({ length: total }, (_, i) => `REL-${i}-${randomBytes(3).toString('hex')}`)
  const started = Date.now()
  let next = 0
  let retried = 0
  const sender = async () => {
    while (next < total) {
      const i = next++
      const tries = await sendUntilAccepted(port, markers[i]!, `198.18.${Math.floor(i / 250)}.${i % 250}`)
      retried += tries - 1
    }
  }
  const senders = Promise.all(Array.from({ length: 8 }, sender))
  for (const at of [30, 60, 90]) {
    await waitFor(`${at} messages sent`, async () => next >= at, 120_000)
    await service.kill('SIGKILL')
    await service.start()
  }
  await senders
  await waitFor('every accepted message at Podium', async () => arrivals(fake, markers).lost === 0, 120_000)
  const { arrived, lost, duplicates } = arrivals(fake, markers)
  t.equal(arrived, total, 'every message arrived')
  t.equal(lost, 0, 'none lost')
  t.ok(duplicates <= 3 * 8, `at most one duplicate per job running at each kill (${duplicates})`)
  t.comment(`kill -9 ×3: ${total} accepted, ${arrived} arrived, ${lost} lost, ${duplicates} duplicates, ${retried} sends retried by the client while the process was down, ${((Date.now() - started) / 1000).toFixed(1)} s`)
})

t.test('Redis stopped for 5 s mid-run: messages are still accepted, and all arrive once it is back, without a restart', async (t) => {
  const redisPort = await freePort()
  let redis = await startRedisServer({ port: redisPort })
  t.teardown(() => redis.stop())
  const { fake, port, service } = await podiumStack(t, redis.url)
  await service.start()
  const markers: string[] = []
  const send = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const marker = `REL-redis-${markers.length}-${randomBytes(3).toString('hex')}`
      markers.push(marker)
      await sendUntilAccepted(port, marker, `198.19.${Math.floor(markers.length / 250)}.${markers.length % 250}`)
    }
  }
  await send(20)
  await redis.stop()
  const downAt = Date.now()
  let acceptedWhileDown = 0
  while (Date.now() - downAt < 5_000) {
    const before = Date.now()
    await send(1)
    acceptedWhileDown++
    await new Promise((r) => setTimeout(r, Math.max(0, 200 - (Date.now() - before))))
  }
  const arrivedWhileDown = arrivals(fake, markers).arrived
  redis = await startRedisServer({ port: redisPort })
  const backAt = Date.now()
  await send(20)
  await waitFor('every accepted message at Podium', async () => arrivals(fake, markers).lost === 0, 90_000)
  const { arrived, lost, duplicates } = arrivals(fake, markers)
  t.equal(lost, 0, 'none lost')
  t.equal(arrived, markers.length)
  t.ok(acceptedWhileDown >= 10, `accepted while Redis was down (${acceptedWhileDown})`)
  t.comment(
    `Redis down 5 s: ${markers.length} accepted (${acceptedWhileDown} while down, ${arrivedWhileDown} arrived by then), ${lost} lost, ${duplicates} duplicates, all delivered ${((Date.now() - backAt) / 1000).toFixed(1)} s after Redis returned`,
  )
})
