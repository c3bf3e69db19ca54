import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createDb } from '@hearing/service-kit'
import { freshDatabase, TEST_INTERNAL_TOKEN, TEST_SIGNING_KEY_SECRET } from '@hearing/infra/testing'
import Fastify from 'fastify'
import t from 'tap'
import type { Database } from '../src/database.js'
import { linkToken, ORIGIN, TS_ENV, TS_EXEC_ARGV } from './helper.js'

const SERVER = fileURLToPath(new URL('./fixtures/log-server.ts', import.meta.url))

t.test('no password, token, e-mail address or phone number reaches the logs (level trace)', async (t) => {
  // messaging-sync fails once, so the outbox relay's retry path logs too.
  let calls = 0
  const messaging = Fastify()
  messaging.post('/internal/outbox', async (_req, reply) => (++calls === 1 ? reply.code(503).send({ message: 'try later' }) : reply.code(202).send({ items: [] })))
  await messaging.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => messaging.close())

  const databaseUrl = await freshDatabase(t)
  const child = spawn(process.execPath, [...TS_EXEC_ARGV, SERVER], {
    env: {
      ...TS_ENV,
      DATABASE_URL: databaseUrl,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET,
      LOG_LEVEL: 'trace',
      MESSAGING_INTERNAL_URL: `http://127.0.0.1:${(messaging.server.address() as { port: number }).port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let logs = ''
  let stderr = ''
  child.stdout.on('data', (d) => (logs += d))
  const exited = new Promise((resolve) => child.on('exit', resolve))
  t.teardown(async () => {
    child.kill('SIGTERM')
    await exited
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr.on('data', (d) => {
      stderr += d
      const m = /LISTENING (\d+)/.exec(stderr)
      if (m) resolve(Number(m[1]))
    })
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)))
  })
  const base = `http://127.0.0.1:${port}`
  const db = createDb<Database>({ url: databaseUrl, schema: 'identity', max: 1 })
  t.teardown(() => db.destroy())

  const email = 'Secret.Person@Example.com'
  const password = 'my very private passphrase'
  const newPassword = 'an even more private passphrase'
  const phone = '(706) 555-0188'
  const json = (method: string, path: string, body?: unknown, cookie?: string) =>
    fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: { origin: ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
  const cookieOf = (res: Response) => /hc_refresh=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? ''

  t.equal((await json('POST', '/sign-up', { first_name: 'Secret', last_name: 'Person', email, phone, password, preferred_location_uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a01' })).status, 201)
  t.equal((await json('POST', '/sign-in', { email, password: 'a wrong password guess' })).status, 401)
  const confirmEmail = (await db.selectFrom('outbox').select('payload').where('key', 'like', 'email:confirm:%').executeTakeFirstOrThrow()).payload
  const confirmToken = linkToken(confirmEmail)
  const confirmed = await fetch(`${base}/confirm-email?token=${confirmToken}`, { redirect: 'manual' })
  t.equal(confirmed.status, 302)
  const signIn = await json('POST', '/sign-in', { email, password })
  t.equal(signIn.status, 200)
  const { access_token } = (await signIn.json()) as { access_token: string }
  const refreshToken = cookieOf(signIn)
  const refreshed = await json('POST', '/token/refresh', undefined, `hc_refresh=${refreshToken}`)
  t.equal(refreshed.status, 200)
  const rotated = cookieOf(refreshed)
  t.equal((await fetch(`${base}/me`, { headers: { authorization: `Bearer ${access_token}` } })).status, 200)
  t.equal((await json('POST', '/password-reset/request', { email })).status, 202)
  const resetToken = linkToken((await db.selectFrom('outbox').select('payload').where('key', 'like', 'email:reset:%').executeTakeFirstOrThrow()).payload)
  t.equal((await json('POST', '/password-reset/complete', { token: resetToken, password: newPassword })).status, 204)
  t.equal((await json('POST', '/token/refresh', undefined, `hc_refresh=${refreshToken}`)).status, 401)

  // Wait for the outbox relay to fail once and then hand over both e-mails.
  const deadline = Date.now() + 15_000
  // E-mails only: the confirmed account's messaging contact goes through the outbox too.
  const handedOver = async () => (await db.selectFrom('outbox').select('id').where('topic', '=', 'email').where('handed_over_at', 'is not', null).execute()).length
  while (Date.now() < deadline && (await handedOver()) < 2) {
    await db.updateTable('outbox').set({ next_attempt_at: new Date() }).where('handed_over_at', 'is', null).execute()
    await new Promise((r) => setTimeout(r, 200))
  }
  t.equal(await handedOver(), 2, 'both e-mails went out')
  child.kill('SIGTERM')
  await exited

  const lines = logs.split('\n').filter(Boolean)
  t.ok(lines.length > 10, `the service logged (${lines.length} lines)`)
  t.ok(lines.every((l) => l.startsWith('{')), 'JSON lines')
  t.match(logs, /"url":"\/confirm-email\?token=redacted"/, 'request URLs are logged with their tokens redacted')
  t.match(logs, /retry/, 'the delivery retry was logged')
  const secrets = {
    password,
    newPassword,
    'wrong password': 'a wrong password guess',
    email,
    'email (lower case)': email.toLowerCase(),
    'email local part': 'secret.person',
    phone,
    'phone digits': '555-0188',
    'confirmation token': confirmToken,
    'reset token': resetToken,
    'access token': access_token,
    'access token signature': access_token.split('.')[2]!,
    'refresh token': refreshToken,
    'rotated refresh token': rotated,
    'internal token': TEST_INTERNAL_TOKEN,
    'signing key secret': TEST_SIGNING_KEY_SECRET,
  }
  for (const [name, secret] of Object.entries(secrets)) {
    t.notOk(logs.toLowerCase().includes(secret.toLowerCase()), `no ${name} in the logs`)
  }
})
