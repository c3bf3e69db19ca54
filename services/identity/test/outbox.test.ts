import { TEST_INTERNAL_TOKEN } from '@hearing/infra/testing'
import Fastify from 'fastify'
import t from 'tap'
import { createDispatcher } from '../src/email/dispatcher.js'
import { build, post, signUpBody, type Db } from './helper.js'

interface Received {
  token: unknown
  body: { idempotency_key: string; to: string; subject: string; text: string; html: string }
}

/** A stand-in for messaging-sync's POST /internal/emails, on a real port. */
async function fakeMessaging(t: Parameters<typeof build>[0]) {
  const received: Received[] = []
  let answer = 202
  const server = Fastify()
  server.post('/internal/emails', async (req, reply) => {
    received.push({ token: req.headers['x-internal-token'], body: req.body as Received['body'] })
    if (answer !== 202) return reply.code(answer).send({ statusCode: answer, error: 'Error', message: 'fake failure' })
    return reply.code(202).send({ id: `msg-${received.length}` })
  })
  await server.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => server.close())
  const { port } = server.server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith(status: number) {
      answer = status
    },
    close: () => server.close(),
  }
}

const silentLog = { info() {}, warn() {}, error() {} } as never

function dispatcherFor(db: Db, messagingUrl: string | undefined) {
  return createDispatcher({ db, messagingUrl, internalToken: TEST_INTERNAL_TOKEN, log: silentLog })
}

t.test('queued e-mails are handed to messaging-sync with the service credential and the outbox id as idempotency key', async (t) => {
  const messaging = await fakeMessaging(t)
  const { app, db } = await build(t)
  const body = signUpBody()
  await post(app, '/sign-up', body)
  const dispatcher = dispatcherFor(db, messaging.url)
  t.equal(await dispatcher.runOnce(), 1)
  t.equal(messaging.received.length, 1)
  const [{ token, body: sent }] = messaging.received as [Received]
  t.equal(token, TEST_INTERNAL_TOKEN, 'x-internal-token carries INTERNAL_TOKEN')
  const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
  t.same(Object.keys(sent).sort(), ['html', 'idempotency_key', 'subject', 'text', 'to'])
  t.match(sent, { idempotency_key: row.id, to: body.email, subject: row.payload.subject, text: row.payload.text, html: row.payload.html })
  t.match(row, { status: 'sent', attempts: 1, last_error: null })
  t.ok(row.sent_at)
  t.equal(await dispatcher.runOnce(), 0, 'sent once, not again')
})

t.test('while messaging-sync is down nothing is lost: retried with backoff, same idempotency key, until it is back', async (t) => {
  const messaging = await fakeMessaging(t)
  const { app, db } = await build(t)
  await post(app, '/sign-up', signUpBody())
  const dispatcher = dispatcherFor(db, messaging.url)

  messaging.answerWith(503)
  t.equal(await dispatcher.runOnce(), 0)
  let row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
  t.match(row, { status: 'pending', attempts: 1, last_error: 'HTTP 503: fake failure' })
  t.ok(row.next_attempt_at.getTime() > Date.now(), 'waits before the next attempt')
  t.equal(await dispatcher.runOnce(), 0, 'not retried before its time')
  t.equal(messaging.received.length, 1)

  // Down entirely (connection refused).
  const deadUrl = 'http://127.0.0.1:9'
  await db.updateTable('outbox').set({ next_attempt_at: new Date(Date.now() - 1000) }).execute()
  t.equal(await dispatcherFor(db, deadUrl).runOnce(), 0)
  row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
  t.match(row, { status: 'pending', attempts: 2 })
  t.match(row.last_error, /fetch failed|ECONNREFUSED|TypeError/)
  const firstWait = row.next_attempt_at.getTime() - Date.now()

  messaging.answerWith(202)
  await db.updateTable('outbox').set({ next_attempt_at: new Date(Date.now() - 1000) }).execute()
  t.equal(await dispatcher.runOnce(), 1)
  row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
  t.match(row, { status: 'sent', attempts: 3, last_error: null })
  t.same(new Set(messaging.received.map((r) => r.body.idempotency_key)), new Set([row.id]), 'every attempt used the same key')
  t.ok(firstWait > 1000, `backoff grows (${firstWait} ms after the second failure)`)
})

t.test('a request messaging-sync refuses as malformed is marked failed (kept, not retried forever)', async (t) => {
  const messaging = await fakeMessaging(t)
  const { app, db } = await build(t)
  await post(app, '/sign-up', signUpBody())
  messaging.answerWith(400)
  await dispatcherFor(db, messaging.url).runOnce()
  t.match(await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow(), { status: 'failed', last_error: 'HTTP 400: fake failure' })
})

t.test('without MESSAGING_INTERNAL_URL e-mails wait in the outbox', async (t) => {
  const { app, db } = await build(t)
  await post(app, '/sign-up', signUpBody())
  t.equal(await dispatcherFor(db, undefined).runOnce(), 0)
  t.match(await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow(), { status: 'pending', attempts: 0 })
})

t.test('the running service delivers a new e-mail within moments, and stops cleanly', async (t) => {
  const messaging = await fakeMessaging(t)
  const { app, db } = await build(t, { MESSAGING_INTERNAL_URL: messaging.url })
  const body = signUpBody()
  await post(app, '/sign-up', body)
  const deadline = Date.now() + 5000
  while (messaging.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  t.equal(messaging.received.length, 1, 'sent without anyone calling the dispatcher')
  t.equal(messaging.received[0]!.body.to, body.email)
  while ((await db.selectFrom('outbox').select('status').executeTakeFirstOrThrow()).status !== 'sent' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50))
  }
  t.equal((await db.selectFrom('outbox').select('status').executeTakeFirstOrThrow()).status, 'sent')
  await app.close()
})
