import { TEST_INTERNAL_TOKEN } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { insertDelivery } from '../src/delivery/store.js'
import { oneLine } from '../src/email/headers.js'
import { isPermanentSmtpError } from '../src/email/mailer.js'
import { build, parseMail, sleep, startSmtpSink, testConfig, waitFor } from './helper.js'

/** An e-mail that can never go is failed at once and shown; none is built from a visitor's line breaks. */

type Built = Awaited<ReturnType<typeof build>>
// As in production: after the quick retries a temporary failure waits for a slow retry, for days.
const PATIENT = { attempts: 4, patienceMs: 24 * 3600_000, slowRetryMs: 3600_000 }

const row = (built: Built, id: string) => built.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

async function mailbox(built: Built) {
  const token = await built.signer.sign({ sub: 'admin-1', role: 'admin' })
  return (await built.app.inject({ method: 'GET', url: '/admin/mailbox', headers: { authorization: `Bearer ${token}` } })).json() as Array<{ id: string; status: string; attempts: number; last_error: string | null }>
}

t.test("an order whose name carries a line break still reaches the clinic, in an e-mail with a one-line subject", async (t) => {
  const sink = await startSmtpSink(t)
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }), PATIENT)
  // What catalogue's relay handed over before names were checked there (and what any producer might).
  const handed = await built.app.inject({
    method: 'POST',
    url: '/internal/outbox',
    headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    payload: {
      source: 'catalogue',
      items: [
        {
          id: 'outbox-1',
          key: 'order:1:clinic',
          topic: 'message',
          payload: { kind: 'order', location_uid: CLINICS[0]!.uid, first_name: 'Eve\r\nBcc: victim@example.com', last_name: 'Doe\u202E', phone: '+17705550101', text: 'New hearing aid order request 1.' },
        },
      ],
    },
  })
  t.equal(handed.statusCode, 202)
  await waitFor('the clinic e-mail at the sink', async () => sink.received.length > 0)
  const mail = await parseMail(sink.received[0]!.raw)
  t.same(sink.received[0]!.envelopeTo, ['gainesville@example.com'], "only the clinic's inbox: no Bcc of the visitor's")
  t.equal(mail.subject, 'Order request from Eve Bcc: victim@example.com Doe (Gainesville)', 'one line')
  const forward = await built.db.selectFrom('deliveries').selectAll().where('key', 'like', 'clinic-forward:%').executeTakeFirstOrThrow()
  t.equal((await waitFor('delivered', async () => ((await row(built, forward.id)).status === 'delivered' ? true : undefined))), true)
})

t.test('an e-mail that cannot be built is failed on its first attempt, shown to staff, and never retried', async (t) => {
  const sink = await startSmtpSink(t)
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }), PATIENT)
  // A row as the forwarder used to write it: a subject of two lines.
  const { id } = await insertDelivery(built.db, {
    source: 'messaging-sync',
    key: 'clinic-forward:old',
    topic: 'email',
    payload: { to: 'gainesville@example.com', subject: 'Order request from Eve\r\nBcc: victim@example.com (Gainesville)', text: 'New order.' },
  })
  const failed = await waitFor('failed', async () => {
    const r = await row(built, id)
    return r.status === 'failed' || r.attempts > 1 ? r : undefined
  })
  t.equal(failed.status, 'failed', 'failed, not queued for another try')
  t.equal(failed.attempts, 1, 'one attempt')
  t.equal(failed.last_error, 'invalid e-mail: subject: must be a single line', 'why, without the values')
  t.equal(failed.retry_at, null, 'no retry planned')
  await sleep(1000) // past the sweeper's interval and stale threshold: it must leave a failed e-mail alone
  t.equal((await row(built, id)).attempts, 1, 'still one attempt')
  t.equal(sink.received.length, 0, 'nothing sent')
  t.match((await mailbox(built)).find((e) => e.id === id), { status: 'failed', attempts: 1, last_error: /single line/ }, "the admin's Email tab shows it failed and why")
})

t.test('permanent and temporary SMTP failures are told apart', async (t) => {
  t.ok(isPermanentSmtpError({ code: 'EENVELOPE', responseCode: 550 }), '550 to the envelope')
  t.ok(isPermanentSmtpError({ code: 'EMESSAGE', responseCode: 554 }), '554 to the message')
  t.ok(isPermanentSmtpError({ code: 'EENVELOPE' }), 'an envelope nodemailer would not send (no recipients)')
  t.ok(isPermanentSmtpError({ code: 'EMESSAGE' }), 'a message nodemailer could not build')
  t.notOk(isPermanentSmtpError({ code: 'EENVELOPE', responseCode: 450 }), '450: try again')
  t.notOk(isPermanentSmtpError({ code: 'EMESSAGE', responseCode: 451 }), '451: try again')
  t.notOk(isPermanentSmtpError({ code: 'ECONNECTION' }), 'no connection')
  t.notOk(isPermanentSmtpError({ code: 'ETIMEDOUT' }), 'a timeout')
  t.notOk(isPermanentSmtpError({ code: 'EAUTH', responseCode: 535 }), 'our credentials: fixed by configuration, then sent')
  t.notOk(isPermanentSmtpError(new Error('socket hang up')), 'anything else')
})

t.test('oneLine keeps a header to one line whatever it is given', async (t) => {
  t.equal(oneLine('Eve\r\nBcc: x@example.com', 300), 'Eve Bcc: x@example.com')
  t.equal(oneLine('A\u2028B\u202EC\u0000D\tE   F', 300), 'A B C D E F')
  t.equal(oneLine(' x '.repeat(200), 10), 'x x x x x')
})
