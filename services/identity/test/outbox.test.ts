import { createOutboxRelay } from '@hearing/service-kit'
import { TEST_INTERNAL_TOKEN } from '@hearing/infra/testing'
import Fastify from 'fastify'
import t from 'tap'
import { build, lastEmail, linkToken, post, signUpBody, type Db } from './helper.js'

interface Item {
  id: string
  topic: string
  key: string
  payload: { to: string; subject: string; text: string; html: string; kind: string }
}

interface Received {
  path: string
  token: unknown
  body: { source: string; items: (Item & { reason?: string })[] }
}

/** A stand-in for messaging-sync's POST /internal/outbox (and /undeliverable), on a real port. */
async function fakeMessaging(t: Parameters<typeof build>[0]) {
  const received: Received[] = []
  let answer = 202
  const server = Fastify()
  const record = (path: string) => async (req: { headers: Record<string, unknown>; body: unknown }, reply: { code(n: number): { send(b: unknown): unknown } }) => {
    received.push({ path, token: req.headers['x-internal-token'], body: req.body as Received['body'] })
    if (path === '/internal/outbox' && answer !== 202) return reply.code(answer).send({ statusCode: answer, error: 'Error', message: 'fake failure' })
    return reply.code(path === '/internal/outbox' ? 202 : 204).send(path === '/internal/outbox' ? { items: [] } : undefined)
  }
  server.post('/internal/outbox', record('/internal/outbox'))
  server.post('/internal/outbox/undeliverable', record('/internal/outbox/undeliverable'))
  await server.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => server.close())
  const { port } = server.server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    handed: () => received.filter((r) => r.path === '/internal/outbox').flatMap((r) => r.body.items),
    answerWith(status: number) {
      answer = status
    },
  }
}

const silentLog = { info() {}, warn() {}, error() {}, child: () => silentLog } as never

function relayFor(db: Db, targetUrl: string | undefined) {
  return createOutboxRelay({ db, targetUrl, source: 'identity', internalToken: TEST_INTERNAL_TOKEN, log: silentLog })
}

t.test('a sign-up e-mail is handed to messaging-sync with the service credential, its kind and a stable key', async (t) => {
  const messaging = await fakeMessaging(t)
  const { app, db } = await build(t)
  const body = signUpBody()
  await post(app, '/sign-up', body)
  const relay = relayFor(db, messaging.url)
  t.equal(await relay.runOnce(), 1)
  t.equal(messaging.received.length, 1)
  const [{ token, body: sent }] = messaging.received as [Received]
  t.equal(token, TEST_INTERNAL_TOKEN, 'x-internal-token carries INTERNAL_TOKEN')
  t.equal(sent.source, 'identity')
  const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
  const user = await db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirstOrThrow()
  t.same(Object.keys(sent.items[0]!.payload).sort(), ['html', 'kind', 'subject', 'text', 'to'])
  t.match(sent.items[0], { id: row.id, topic: 'email', key: row.key, payload: { to: body.email, subject: row.payload.subject, text: row.payload.text, html: row.payload.html, kind: 'confirm' } })
  t.match(row.key, new RegExp(`^email:confirm:${user.id}:`), 'the key names kind and user')
  t.match(row, { attempts: 1, last_error: null })
  t.ok(row.handed_over_at)
  t.equal(await relay.runOnce(), 0, 'handed over once, not again')
})

t.test('while messaging-sync is down nothing is lost: retried with backoff, same key, until it is back', async (t) => {
  const messaging = await fakeMessaging(t)
  const { app, db } = await build(t)
  await post(app, '/sign-up', signUpBody())
  const relay = relayFor(db, messaging.url)

  messaging.answerWith(503)
  t.equal(await relay.runOnce(), 0)
  let row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
  t.match(row, { handed_over_at: null, attempts: 1, last_error: 'HTTP 503: fake failure' })
  t.ok(row.next_attempt_at.getTime() > Date.now(), 'waits before the next attempt')
  t.equal(await relay.runOnce(), 0, 'not retried before its time')
  t.equal(messaging.received.length, 1)

  // Down entirely (connection refused).
  await db.updateTable('outbox').set({ next_attempt_at: new Date(Date.now() - 1000) }).execute()
  t.equal(await relayFor(db, 'http://127.0.0.1:9').runOnce(), 0)
  row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
  t.match(row, { handed_over_at: null, attempts: 2 })
  t.match(row.last_error, /fetch failed|ECONNREFUSED|TypeError/)
  const secondWait = row.next_attempt_at.getTime() - Date.now()

  messaging.answerWith(202)
  await db.updateTable('outbox').set({ next_attempt_at: new Date(Date.now() - 1000) }).execute()
  t.equal(await relay.runOnce(), 1)
  row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
  t.match(row, { attempts: 3, last_error: null })
  t.ok(row.handed_over_at)
  t.same(new Set(messaging.handed().map((i) => i.key)), new Set([row.key]), 'every attempt used the same key')
  t.ok(secondWait > 1000, `backoff grows (${secondWait} ms after the second failure)`)
})

t.test('an e-mail messaging-sync refuses as malformed is reported to it (staff see it there) and not retried forever', async (t) => {
  const messaging = await fakeMessaging(t)
  const { app, db } = await build(t)
  await post(app, '/sign-up', signUpBody())
  messaging.answerWith(400)
  await relayFor(db, messaging.url).runOnce()
  const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
  t.match(row, { last_error: 'HTTP 400: fake failure' })
  t.ok(row.handed_over_at, 'settled')
  t.match(messaging.received.filter((r) => r.path === '/internal/outbox/undeliverable'), [{ body: { source: 'identity', items: [{ key: row.key, topic: 'email', reason: 'HTTP 400: fake failure' }] } }])
})

t.test('without MESSAGING_INTERNAL_URL e-mails wait in the outbox', async (t) => {
  const { app, db } = await build(t)
  await post(app, '/sign-up', signUpBody())
  t.equal(await relayFor(db, undefined).runOnce(), 0)
  t.match(await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow(), { handed_over_at: null, attempts: 0 })
})

t.test('the running service hands a new e-mail over within moments, and stops cleanly', async (t) => {
  const messaging = await fakeMessaging(t)
  const { app, db } = await build(t, { MESSAGING_INTERNAL_URL: messaging.url })
  const body = signUpBody()
  await post(app, '/sign-up', body)
  const deadline = Date.now() + 5000
  while (messaging.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  t.equal(messaging.received.length, 1, 'sent without anyone calling the relay')
  t.equal(messaging.handed()[0]!.payload.to, body.email)
  const handedOver = async () => (await db.selectFrom('outbox').select('handed_over_at').executeTakeFirstOrThrow()).handed_over_at
  while (!(await handedOver()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  t.ok(await handedOver())
  await app.close()
})

t.test('confirming an account with a name and a location asks messaging-sync for its contact, once', async (t) => {
  const { app, db } = await build(t)
  const body = signUpBody()
  await post(app, '/sign-up', body)
  const link = linkToken(await lastEmail(db, 'confirm', body.email))
  const contactRows = () => db.selectFrom('outbox').selectAll().where('topic', '=', 'contact').execute()
  t.equal((await contactRows()).length, 0, 'not before confirmation')
  const confirmed = await app.inject({ method: 'GET', url: `/confirm-email?token=${link}` })
  t.equal(confirmed.statusCode, 302)
  const user = await db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirstOrThrow()
  const rows = await contactRows()
  t.equal(rows.length, 1)
  t.equal(rows[0]!.key, `user:${user.id}:contact`)
  t.same(rows[0]!.payload, { user_id: user.id, first_name: body.first_name, last_name: body.last_name, email: body.email, phone: body.phone, location_uid: body.preferred_location_uid })
  await app.inject({ method: 'GET', url: `/confirm-email?token=${link}` })
  t.equal((await contactRows()).length, 1, 'a second click adds nothing')
})
