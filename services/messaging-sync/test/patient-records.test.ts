import { randomUUID } from 'node:crypto'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { build, waitFor } from './helper.js'

type Built = Awaited<ReturnType<typeof build>>

const GAINESVILLE = CLINICS[0]!.uid

async function deliver(built: Built, topic: 'message' | 'email', payload: Record<string, unknown>) {
  await built.db.insertInto('deliveries').values({ source: 'test', key: randomUUID(), topic, payload: JSON.stringify(payload), status: 'local' }).execute()
}

const message = (over: Record<string, unknown>) => ({ kind: 'contact', location_uid: GAINESVILLE, first_name: 'Ana', last_name: 'Muñoz', phone: '+17705550142', text: 'Hello', ...over })
const email = (to: string, subject: string) => ({ to, subject, text: 'secret link https://clinic.example/reset-password?token=abc', html: '<p>secret</p>', kind: 'reset' })

t.test("a patient's page lists the messages they sent (by address or phone) and the e-mails sent to them, never bodies; staff only", async (t) => {
  const built = await build(t)
  const userId = randomUUID()
  await deliver(built, 'message', message({ kind: 'booking', email: 'Ana.Munoz@example.com', phone: '+14045550100', text: 'Booking' }))
  await deliver(built, 'message', message({ text: 'From the contact form', phone: '(770) 555-0142' }))
  await deliver(built, 'message', message({ text: 'Someone else', phone: '+14045550199', email: 'else@example.com' }))
  await deliver(built, 'email', email('ana.munoz@example.com', 'Reset your password'))
  await deliver(built, 'email', email('else@example.com', 'Not hers'))

  const as = async (role: string) => ({ authorization: `Bearer ${await built.signer.sign({ sub: randomUUID(), role })}` })
  const staff = await as('staff')
  const query = `user_id=${userId}&email=ana.munoz@example.com`
  const messages = await built.app.inject({ method: 'GET', url: `/admin/patient-messages?${query}&phone=${encodeURIComponent('770-555-0142')}`, headers: staff })
  t.equal(messages.statusCode, 200)
  t.equal(messages.headers['cache-control'], 'no-store')
  t.same((messages.json() as Array<{ text: string }>).map((m) => m.text).sort(), ['Booking', 'From the contact form'])
  const byAddressOnly = await built.app.inject({ method: 'GET', url: `/admin/patient-messages?${query}`, headers: staff })
  t.same((byAddressOnly.json() as Array<{ text: string }>).map((m) => m.text), ['Booking'])

  const emails = await built.app.inject({ method: 'GET', url: `/admin/patient-emails?${query}`, headers: staff })
  t.equal(emails.statusCode, 200)
  t.match(emails.json(), [{ to: 'ana.munoz@example.com', subject: 'Reset your password', kind: 'reset', status: 'local' }])
  t.notMatch(emails.body, /token=|secret/, 'never the body or its links')

  for (const url of [`/admin/patient-messages?${query}`, `/admin/patient-emails?${query}`]) {
    t.equal((await built.app.inject({ method: 'GET', url, headers: await as('customer') })).statusCode, 403, `${url}: not customers`)
    t.equal((await built.app.inject({ method: 'GET', url })).statusCode, 401)
  }
  t.equal((await built.app.inject({ method: 'GET', url: `/admin/patient-messages?user_id=${userId}&email=nope`, headers: staff })).statusCode, 400)
  t.equal((await built.app.inject({ method: 'GET', url: `/admin/patient-messages?${query}&phone=call%20me`, headers: staff })).statusCode, 400)
})

t.test("with the local provider a reminder text is not sent but kept, and the patient's page says so; never its words, never a household member's texts", async (t) => {
  const built = await build(t)
  const userId = randomUUID()
  const text = (over: Record<string, unknown>) => ({
    kind: 'appointment-reminder',
    location_uid: GAINESVILLE,
    phone: '+17705550150',
    body: 'North Georgia Hearing Care: reminder ... Cancel: https://clinic.example/cancel-appointment?token=secret123',
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
    email: 'walter@example.com',
    ...over,
  })
  const handOver = (key: string, payload: Record<string, unknown>) =>
    built.app.inject({ method: 'POST', url: '/internal/outbox', headers: { 'x-internal-token': built.config.INTERNAL_TOKEN }, payload: { source: 'scheduling', items: [{ id: key, key, topic: 'text', payload }] } })
  t.equal((await handOver('appointment-reminder-text:1', text({ user_id: userId }))).statusCode, 202)
  // The same phone, another person of the household: not on this patient's page.
  t.equal((await handOver('appointment-reminder-text:2', text({ email: 'ann@example.com' }))).statusCode, 202)

  const staff = { authorization: `Bearer ${await built.signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  const url = `/admin/patient-texts?user_id=${userId}&email=Walter@example.com`
  const kept = await waitFor('the text kept', async () => {
    const res = await built.app.inject({ method: 'GET', url, headers: staff })
    const list = res.json() as Array<{ status: string; stored_at: string | null }>
    return list[0]?.status === 'local' && res
  })
  t.equal(kept.headers['cache-control'], 'no-store')
  t.match(kept.json(), [{ to: '(770) 555-0150', subject: 'Appointment reminder (text)', status: 'local', sent_at: null, stored_at: String }], 'Local only: never sent, stored here')
  t.equal((kept.json() as unknown[]).length, 1, "not the household member's text")
  t.notMatch(kept.body, /token=|secret123/, 'never its words: they carry a cancel link')

  t.equal((await built.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await built.signer.sign({ sub: randomUUID(), role: 'customer' })}` } })).statusCode, 403)
  t.equal((await built.app.inject({ method: 'GET', url: `/admin/patient-texts?user_id=${userId}&email=nope`, headers: staff })).statusCode, 400)
  t.equal((await built.app.inject({ method: 'GET', url: `/admin/patient-texts?user_id=x&email=walter@example.com`, headers: staff })).statusCode, 400)
})
