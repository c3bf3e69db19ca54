import { freePort, startRedisServer, TEST_INTERNAL_TOKEN } from '@hearing/infra/testing'
import t from 'tap'
import { DEFAULT_EMAIL_FROM } from '../src/config.js'
import type { Delivery } from '../src/database.js'
import { build, parseMail, sleep, startSmtpSink, testConfig, waitFor } from './helper.js'

type Built = Awaited<ReturnType<typeof build>>
type App = Built['app']

const INTERNAL = { 'x-internal-token': TEST_INTERNAL_TOKEN }

const request = (over: Record<string, unknown> = {}) => ({
  idempotency_key: `key-${Math.random().toString(36).slice(2)}`,
  to: 'patient@example.com',
  subject: 'Confirm your e-mail address',
  text: 'Hello,\nplease confirm your address.',
  ...over,
})

/** An e-mail as identity's outbox relay hands it over: the idempotency key is the item's key. */
function handover(body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { source: 'identity', items: [body] }
  const { idempotency_key, ...payload } = body as Record<string, unknown>
  return { source: 'identity', items: [{ id: `outbox-${Math.random().toString(36).slice(2)}`, key: idempotency_key, topic: 'email', payload }] }
}

async function postEmail(app: App, body: unknown, headers: Record<string, string> = INTERNAL) {
  return app.inject({ method: 'POST', url: '/internal/outbox', headers, payload: handover(body) })
}

async function accepted(app: App, body: unknown): Promise<string> {
  const res = await postEmail(app, body)
  if (res.statusCode !== 202) throw new Error(`expected 202, got ${res.statusCode}: ${res.body}`)
  return (res.json() as { items: { id: string }[] }).items[0]!.id
}

const row = (built: Built, id: string) => built.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const statusIs = (built: Built, id: string, ...statuses: Delivery['status'][]) => async () => {
  const r = await row(built, id)
  return statuses.includes(r.status) ? r : undefined
}

async function mailbox(built: Built, role: string | null, query = '') {
  const headers = role ? { authorization: `Bearer ${await built.signer.sign({ sub: `${role}-1`, role })}` } : {}
  return built.app.inject({ method: 'GET', url: `/admin/mailbox${query}`, headers })
}

t.test('an accepted e-mail reaches the SMTP server with its subject and body intact', async (t) => {
  const sink = await startSmtpSink(t)
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }))
  const subject = 'Your appointment in Gainesville — confirmed ✓'
  const text = 'Dear Ana Muñoz,\n\nyour hearing test is booked for Tuesday at 10:00.\n.A line that starts with a dot\n' + 'long line '.repeat(30).trim()
  const html = '<p>Dear Ana Muñoz,</p><p>your hearing test is <strong>booked</strong>.</p>'

  const res = await postEmail(built.app, request({ to: 'ana@example.com', subject, text, html }))
  t.equal(res.statusCode, 202, 'accepted')
  const id = (res.json() as { items: { id: string }[] }).items[0]!.id
  t.match(id, /^[0-9a-f-]{36}$/, 'answers the e-mail id')

  await waitFor('the message at the sink', async () => sink.received.length > 0)
  const [message] = sink.received
  t.same(message!.envelopeTo, ['ana@example.com'], 'sent to the requested address')
  t.equal(message!.envelopeFrom, 'no-reply@example.com', 'envelope sender is EMAIL_FROM\'s address')
  const mail = await parseMail(message!.raw)
  t.equal(mail.subject, subject, 'subject intact')
  t.equal(mail.text, text, 'text body intact')
  t.equal(mail.html, html, 'html body intact')
  t.equal(mail.from, DEFAULT_EMAIL_FROM, 'From is the practice by default')
  t.equal(mail.messageId, `<${id}@example.com>`, 'Message-ID is derived from the e-mail id (the same on every attempt)')

  const sent = await waitFor('status delivered', statusIs(built, id, 'delivered'))
  t.equal(sent.attempts, 1, 'one attempt')
  t.ok(sent.delivered_at, 'delivered_at recorded')
  t.equal(sent.last_error, null)
})

t.test('EMAIL_FROM sets the sender', async (t) => {
  const sink = await startSmtpSink(t)
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url, EMAIL_FROM: 'Front Desk <desk@clinic.example.org>' }))
  const id = await accepted(built.app, request())
  await waitFor('the message at the sink', async () => sink.received.length > 0)
  const mail = await parseMail(sink.received[0]!.raw)
  t.equal(mail.from, 'Front Desk <desk@clinic.example.org>')
  t.equal(mail.messageId, `<${id}@clinic.example.org>`)
})

t.test('the same idempotency_key twice is one e-mail', async (t) => {
  const sink = await startSmtpSink(t)
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }))
  const first = await accepted(built.app, request({ idempotency_key: 'signup-confirm:user-42' }))
  const second = await accepted(built.app, request({ idempotency_key: 'signup-confirm:user-42', subject: 'Another subject' }))
  t.equal(second, first, 'the second request answers the first e-mail\'s id')
  await waitFor('status delivered', statusIs(built, first, 'delivered'))
  const third = await accepted(built.app, request({ idempotency_key: 'signup-confirm:user-42' }))
  t.equal(third, first, 'also after it was sent')
  await sleep(700) // several sweeps and retry delays: nothing more may arrive
  t.equal(sink.received.length, 1, 'one message reached the SMTP server')
  t.equal((await parseMail(sink.received[0]!.raw)).subject, 'Confirm your e-mail address', 'the first request\'s content')
  const rows = await built.db.selectFrom('deliveries').select('id').execute()
  t.equal(rows.length, 1, 'one row in the outbox')
})

t.test('without SMTP_URL the e-mail lands in the local mailbox, which admins read', async (t) => {
  const built = await build(t)
  const older = await accepted(built.app, request({ to: 'first@example.com', subject: 'First', text: 'First body' }))
  await waitFor('status local', statusIs(built, older, 'local'))
  const newer = await accepted(built.app, request({ to: 'second@example.com', subject: 'Second', text: 'Second body' }))
  const kept = await waitFor('status local', statusIs(built, newer, 'local'))
  t.equal(kept.attempts, 1)
  t.ok(kept.delivered_at, 'delivered_at says when it landed in the mailbox')

  const res = await mailbox(built, 'admin')
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-store', 'personal data is not cached')
  const entries = res.json() as Array<Record<string, unknown>>
  t.same(entries.map((e) => e.id), [newer, older], 'newest first')
  t.same(Object.keys(entries[0]!).sort(), ['attempts', 'created_at', 'id', 'kind', 'last_error', 'retry_at', 'sent_at', 'status', 'stored_at', 'subject', 'to'].sort(), 'the mailbox fields only: no body')
  t.match(entries[0], { to: 'second@example.com', subject: 'Second', status: 'local', attempts: 1, last_error: null })
  t.notOk(JSON.stringify(entries).includes('Second body'), 'the body (which may carry a live link) is not shown')
  t.ok(!Number.isNaN(Date.parse(entries[0]!.created_at as string)) && !Number.isNaN(Date.parse(entries[0]!.stored_at as string)), 'ISO timestamps')
  t.equal(entries[0]!.sent_at, null, 'kept here, never sent: no "sent" time, only when it was stored')

  const limited = await mailbox(built, 'admin', '?limit=1')
  t.same((limited.json() as Array<{ id: string }>).map((e) => e.id), [newer], 'limit')
  t.equal((await mailbox(built, 'admin', '?limit=0')).statusCode, 400, 'limit below 1 is refused')

  t.equal((await mailbox(built, 'customer')).statusCode, 403, 'a customer may not read it')
  t.equal((await mailbox(built, 'staff')).statusCode, 403, 'nor staff')
  t.equal((await mailbox(built, null)).statusCode, 401, 'nor an anonymous caller')
  const forged = await built.app.inject({ method: 'GET', url: '/admin/mailbox', headers: { authorization: 'Bearer not.a.token' } })
  t.equal(forged.statusCode, 401, 'nor a bad token')
})

t.test('/internal/outbox needs the service credential', async (t) => {
  const built = await build(t)
  const none = await postEmail(built.app, request(), {})
  t.equal(none.statusCode, 403, 'no token: 403')
  const wrong = await postEmail(built.app, request(), { 'x-internal-token': 'x'.repeat(48) })
  t.equal(wrong.statusCode, 403, 'wrong token: 403')
  const rows = await built.db.selectFrom('deliveries').select('id').execute()
  t.equal(rows.length, 0, 'nothing stored')
})

t.test('bad requests are refused with 400 and store nothing', async (t) => {
  const built = await build(t)
  const cases: Array<[string, unknown]> = [
    ['no idempotency_key', { ...request(), idempotency_key: undefined }],
    ['empty idempotency_key', request({ idempotency_key: '' })],
    ['idempotency_key over 200 characters', request({ idempotency_key: 'k'.repeat(201) })],
    ['no recipient', { ...request(), to: undefined }],
    ['recipient not an address', request({ to: 'not-an-address' })],
    ['two recipients', request({ to: 'a@example.com, b@example.com' })],
    ['empty subject', request({ subject: '' })],
    ['subject over 300 characters', request({ subject: 's'.repeat(301) })],
    ['subject with a line break (header injection)', request({ subject: 'Hi\r\nBcc: victim@example.com' })],
    ['no text', { ...request(), text: undefined }],
    ['text over 100,000 characters', request({ text: 't'.repeat(100_001) })],
    ['html over 200,000 characters', request({ html: 'h'.repeat(200_001) })],
    ['an unknown field', request({ cc: 'someone@example.com' })],
    ['not an object', ['to', 'subject']],
  ]
  for (const [what, body] of cases) {
    const res = await postEmail(built.app, body)
    t.equal(res.statusCode, 400, what)
    t.equal((res.json() as { statusCode: number }).statusCode, 400, `${what}: error payload`)
  }
  const rows = await built.db.selectFrom('deliveries').select('id').execute()
  t.equal(rows.length, 0, 'nothing stored')
  const largest = await postEmail(built.app, request({ text: 't'.repeat(100_000), html: 'h'.repeat(200_000) }))
  t.equal(largest.statusCode, 202, 'the largest allowed e-mail is accepted')
})

t.test('SMTP server down at first: the e-mail is delivered once it is up', async (t) => {
  const port = await freePort()
  const built = await build(t, await testConfig(t, { SMTP_URL: `smtp://127.0.0.1:${port}` }), { backoffMs: 300 })
  const id = await accepted(built.app, request({ subject: 'Reset your password' }))
  const failedOnce = await waitFor('a failed attempt', async () => {
    const r = await row(built, id)
    return r.attempts >= 1 && r.last_error ? r : undefined
  })
  t.equal(failedOnce.status, 'queued', 'still queued while retrying')
  t.match(failedOnce.last_error, /ECONNREFUSED|connect/i, 'the reason is recorded')

  const sink = await startSmtpSink(t, { port })
  await waitFor('the message at the sink', async () => sink.received.length > 0)
  t.equal((await parseMail(sink.received[0]!.raw)).subject, 'Reset your password')
  const sent = await waitFor('status delivered', statusIs(built, id, 'delivered'))
  t.ok(sent.attempts >= 2, `delivered on a retry (attempt ${sent.attempts})`)
  t.equal(sent.last_error, null, 'the old error is cleared')
})

t.test('a temporary refusal (4xx) is retried until accepted', async (t) => {
  const sink = await startSmtpSink(t, { reject: (n) => (n <= 2 ? { code: 451, message: 'Try again later' } : undefined) })
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }))
  const id = await accepted(built.app, request())
  const sent = await waitFor('status delivered', statusIs(built, id, 'delivered'))
  t.equal(sent.attempts, 3, 'refused twice, accepted on the third attempt')
  t.equal(sink.received.length, 1, 'one message accepted')
})

t.test('a permanent refusal (5xx) fails at once, with the reason visible to admins', async (t) => {
  const sink = await startSmtpSink(t, { reject: () => ({ code: 550, message: 'Mailbox unavailable' }) })
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }))
  const id = await accepted(built.app, request())
  const failed = await waitFor('status failed', statusIs(built, id, 'failed'))
  t.equal(failed.attempts, 1, 'not retried')
  t.match(failed.last_error, /550/, 'the server\'s answer is kept')
  await sleep(500)
  t.equal(sink.offered(), 1, 'offered once only')
  const entry = ((await mailbox(built, 'admin')).json() as Array<{ id: string; status: string; last_error: string }>).find((e) => e.id === id)
  t.match(entry, { status: 'failed', last_error: /550/ }, 'the mailbox shows the failure and why')
})

t.test('after the last attempt the e-mail is failed, not retried forever', async (t) => {
  const sink = await startSmtpSink(t, { reject: () => ({ code: 451, message: 'Greylisted' }) })
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }), { attempts: 3 })
  const id = await accepted(built.app, request())
  const failed = await waitFor('status failed', statusIs(built, id, 'failed'))
  t.equal(failed.attempts, 3, 'three attempts')
  t.match(failed.last_error, /451/)
  await sleep(1500) // beyond the stale threshold: the sweeper must leave a failed e-mail alone
  t.equal(sink.offered(), 3, 'no further attempt')
})

t.test('Redis down when the request arrives: 202 at once, delivered when Redis is back', async (t) => {
  const redisPort = await freePort()
  const sink = await startSmtpSink(t)
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url, REDIS_URL: `redis://127.0.0.1:${redisPort}` }))

  const started = Date.now()
  const res = await postEmail(built.app, request({ subject: 'Welcome' }))
  t.equal(res.statusCode, 202, 'accepted although Redis is down')
  t.ok(Date.now() - started < 1500, `answered promptly (${Date.now() - started} ms)`)
  const id = (res.json() as { items: { id: string }[] }).items[0]!.id
  t.equal((await row(built, id)).status, 'pending', 'committed, waiting for the queue')
  t.equal((await built.app.inject('/readyz')).statusCode, 503, 'not ready without Redis')
  await sleep(500)
  t.equal(sink.received.length, 0, 'nothing sent yet')

  const redis = await startRedisServer({ port: redisPort })
  t.teardown(() => redis.stop())
  await waitFor('the message at the sink', async () => sink.received.length > 0)
  t.equal((await parseMail(sink.received[0]!.raw)).subject, 'Welcome')
  await waitFor('status delivered', statusIs(built, id, 'delivered'))
  await built.app.close() // while its Redis is still there
})

t.test('Redis goes away after start: e-mails accepted meanwhile go out when it returns', async (t) => {
  const redisPort = await freePort()
  let redis = await startRedisServer({ port: redisPort })
  t.teardown(() => redis.stop())
  const sink = await startSmtpSink(t)
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url, REDIS_URL: redis.url }))
  const before = await accepted(built.app, request({ subject: 'Before the outage' }))
  await waitFor('status delivered', statusIs(built, before, 'delivered'))

  await redis.stop()
  const started = Date.now()
  const during = await accepted(built.app, request({ subject: 'During the outage' }))
  t.ok(Date.now() - started < 1500, 'answered promptly')
  t.equal((await row(built, during)).status, 'pending', 'committed, waiting for the queue')
  await sleep(500)

  redis = await startRedisServer({ port: redisPort })
  await waitFor('status delivered', statusIs(built, during, 'delivered'))
  t.same((await Promise.all(sink.received.map((m) => parseMail(m.raw)))).map((m) => m.subject), ['Before the outage', 'During the outage'], 'both delivered, once each')
  await built.app.close()
})

t.test('a queued e-mail whose job Redis lost is queued again by the sweeper', async (t) => {
  const built = await build(t)
  // As after a Redis restart without its data: the row says queued, Redis knows no job.
  const lost = await built.db
    .insertInto('deliveries')
    .values({ source: 'identity', key: 'lost-1', topic: 'email', payload: JSON.stringify({ to: 'lost@example.com', subject: 'Lost', text: 'Lost body' }), status: 'queued', queued_at: new Date(Date.now() - 3600_000) })
    .returning('id')
    .executeTakeFirstOrThrow()
  const kept = await waitFor('status local', statusIs(built, lost.id, 'local'))
  t.equal(kept.attempts, 1)
})

t.test('shutdown is prompt while Redis is down', async (t) => {
  const redisPort = await freePort()
  const redis = await startRedisServer({ port: redisPort })
  t.teardown(() => redis.stop())
  const built = await build(t, await testConfig(t, { REDIS_URL: redis.url }))
  const id = await accepted(built.app, request())
  await waitFor('status local', statusIs(built, id, 'local'))
  await redis.stop()
  await sleep(300)
  const started = Date.now()
  await built.app.close()
  t.ok(Date.now() - started < 3000, `closed in ${Date.now() - started} ms (a pod has 10 s)`)
})
