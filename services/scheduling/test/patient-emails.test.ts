import { randomUUID } from 'node:crypto'
import { readInvitation, testSigner } from '@hearing/infra/testing'
import { CLINICS, formatAddress } from '@hearing/contracts'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { confirmedEmail } from '../src/patient-emails.js'
import { migrate, testConfig } from './helper.js'

const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday
const GAINESVILLE = CLINICS[0]!

type OutboxEmail = { to: string; subject: string; text: string; html: string; kind: string; attachments?: Array<{ filename: string; contentType: string; contentBase64: string }> }

async function setup(t: Parameters<typeof testConfig>[0]) {
  const config = await testConfig(t, { PUBLIC_URL: 'https://clinic.example' })
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => NOW })
  t.teardown(() => app.close())
  const db = app.db
  const type = await db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE.uid).where('name', '=', 'Hearing Evaluation').executeTakeFirstOrThrow()
  const emailOf = async (key: string) => (await db.selectFrom('outbox').select('payload').where('key', '=', key).executeTakeFirstOrThrow()).payload as OutboxEmail
  const staff = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  return { app, db, typeId: type.id, emailOf, staff }
}

const request = (typeId: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Margaret',
  last_name: 'Hill',
  email: 'margaret.hill@example.com',
  phone: '(770) 555-0199',
  location: GAINESVILLE.uid,
  appointment_type_id: typeId,
  date: '2026-11-30',
  time: '10:00',
  address_line1: '12 Oak Street',
  city: 'Gainesville',
  state: 'GA',
  zip_code: '30501',
  ...overrides,
})

t.test('a booking request is acknowledged at once: received, what and when, and that staff will confirm it', async (t) => {
  const { app, emailOf, typeId } = await setup(t)
  const res = await app.inject({ method: 'POST', url: '/bookings', payload: request(typeId) })
  t.equal(res.statusCode, 201)
  const email = await emailOf(`appointment-requested:${res.json().id}`)
  t.equal(email.to, 'margaret.hill@example.com')
  t.equal(email.kind, 'appointment-requested')
  t.equal(email.subject, 'We received your Hearing Evaluation appointment request')
  t.match(email.text, 'Hello Margaret,')
  t.match(email.text, 'We received your request for a Hearing Evaluation appointment at our Gainesville clinic on Monday, November 30, 2026 at 10:00 AM')
  t.match(email.text, 'We will confirm it by e-mail')
  t.match(email.text, `Call us at ${GAINESVILLE.phone}`)
  t.notOk(email.attachments, 'no calendar file until the time is confirmed')

  const refused = await app.inject({ method: 'POST', url: '/bookings', payload: request(typeId, { time: '10:00', email: 'late@example.com' }) })
  t.equal(refused.statusCode, 409)
})

t.test("the confirmation's invitation, read by a calendar parser: the clinic's zone, the right hour, the clinic's address and the cancel link", async (t) => {
  const { app, emailOf, typeId, staff } = await setup(t)
  const booked = await app.inject({ method: 'POST', url: '/bookings', payload: request(typeId) })
  t.equal(booked.statusCode, 201, booked.body)
  const { id } = booked.json()
  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${id}/confirm`, headers: staff })).statusCode, 200)
  const email = await emailOf(`appointment-confirmed:${id}`)
  const cancelLink = /https:\/\/clinic\.example\/cancel-appointment\?token=[A-Za-z0-9_-]+/.exec(email.text)?.[0]
  t.ok(cancelLink, 'the e-mail has a cancel link')
  t.equal(email.attachments?.[0]?.contentType, 'text/calendar')
  const invitation = readInvitation(Buffer.from(email.attachments![0]!.contentBase64, 'base64').toString())
  t.equal(invitation.timeZone, 'America/New_York', "in the clinic's time zone")
  t.equal(invitation.localStart, '2026-11-30T10:00:00', "10:00 on the clinic's clock")
  t.equal(invitation.start.toISOString(), '2026-11-30T15:00:00.000Z', 'the same instant as booked')
  t.equal(invitation.end.getTime() - invitation.start.getTime(), 60 * 60 * 1000, 'an hour long')
  t.equal(invitation.location, `North Georgia Hearing Care, ${formatAddress(GAINESVILLE.address)}`)
  t.equal(invitation.url, cancelLink, 'the same cancel link as the e-mail')
  t.match(invitation.description, cancelLink!)
  t.equal(invitation.status, 'CONFIRMED')
  t.equal(invitation.uid, `${id}@appointments.hearing-care`)
  t.same(invitation.reminders, ['-P1D'], 'a reminder the day before')

  const viaLink = await app.inject({ method: 'POST', url: '/cancel-link', payload: { token: new URL(cancelLink!).searchParams.get('token') } })
  t.equal(viaLink.statusCode, 200, 'the link works')
})

t.test('in summer time too the invitation says the clinic’s hour', async (t) => {
  const appointment = { id: randomUUID(), location_uid: GAINESVILLE.uid, appointment_type: 'Follow-up', starts_at: new Date('2027-07-01T14:00:00Z'), ends_at: new Date('2027-07-01T14:30:00Z'), first_name: 'Margaret', email: 'margaret.hill@example.com', language: 'en' as const }
  const email = confirmedEmail(appointment, 'https://clinic.example/cancel-appointment?token=x', 0)
  const invitation = readInvitation(Buffer.from(email.attachments[0]!.contentBase64, 'base64').toString())
  t.equal(invitation.localStart, '2027-07-01T10:00:00', '10:00 EDT (UTC-4)')
  t.equal(invitation.start.toISOString(), '2027-07-01T14:00:00.000Z')
})
