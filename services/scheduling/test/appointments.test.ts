import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { freePort, fuzzRoutes, testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import t from 'tap'
import { syncState } from '../src/appointments.js'
import { sendDueReminders } from '../src/reminders.js'
import { buildApp } from '../src/app.js'
import type { Database } from '../src/database.js'
import { migrate, testConfig } from './helper.js'

const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday 10:00 in Gainesville
const GAINESVILLE = CLINICS[0]!.uid
const STAFF = randomUUID()
const PATIENT = randomUUID()
const OTHER = randomUUID()

interface Setup {
  messagingUrl?: string
  now?: () => Date
}

async function setup(t: Parameters<typeof testConfig>[0], { messagingUrl, now = () => NOW }: Setup = {}) {
  const config = await testConfig(t, messagingUrl ? { MESSAGING_INTERNAL_URL: messagingUrl, PUBLIC_URL: 'https://clinic.example' } : { PUBLIC_URL: 'https://clinic.example' })
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now })
  t.teardown(() => app.close())
  const db = app.db
  const typeId = async (name: string) =>
    (await db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE).where('name', '=', name).executeTakeFirstOrThrow()).id
  const as = async (sub: string, role: string) => ({ authorization: `Bearer ${await signer.sign({ sub, role })}` })
  return { app, db, typeId, staff: await as(STAFF, 'staff'), admin: await as(randomUUID(), 'admin'), patient: await as(PATIENT, 'customer'), other: await as(OTHER, 'customer') }
}

const schedule = (typeId: string, overrides: Record<string, unknown> = {}) => ({
  user_id: PATIENT,
  user_info: { first_name: 'Walter', last_name: 'Brooks', email: 'walter.brooks@example.com', phone: '(770) 555-0110' },
  location: GAINESVILLE,
  appointment_type_id: typeId,
  appointment_date: '2026-11-25',
  appointment_time: '14:00',
  notes: 'Bring the old hearing aids.',
  ...overrides,
})

const booking = (typeId: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Margaret',
  last_name: 'Hill',
  email: 'margaret.hill@example.com',
  phone: '(770) 555-0142',
  location: GAINESVILLE,
  appointment_type_id: typeId,
  date: '2026-11-30',
  time: '10:00',
  address_line1: '12 Oak Street',
  city: 'Gainesville',
  state: 'GA',
  zip_code: '30501',
  ...overrides,
})

type OutboxEmail = { to: string; subject: string; text: string; kind: string; attachments?: Array<{ filename: string; contentType: string; contentBase64: string }> }

async function outbox(db: Kysely<Database>) {
  return db.selectFrom('outbox').select(['topic', 'key', 'payload']).orderBy('created_at').execute()
}

async function emailOf(db: Kysely<Database>, key: string): Promise<OutboxEmail> {
  const row = await db.selectFrom('outbox').select('payload').where('key', '=', key).executeTakeFirstOrThrow()
  return row.payload as OutboxEmail
}

const tokenIn = (text: string) => /cancel-appointment\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? ''

t.test('staff schedule for a patient: confirmed, handed to the provider, and the patient e-mailed a calendar file and a cancel link', async (t) => {
  const { app, db, typeId, staff } = await setup(t)
  const res = await app.inject({ method: 'POST', url: '/admin/appointments', headers: staff, payload: schedule(await typeId('Hearing Evaluation')) })
  t.equal(res.statusCode, 201)
  const body = res.json()
  t.match(body, { status: 'confirmed', source: 'staff', appointment_type: 'Hearing Evaluation', appointment_date: '2026-11-25', appointment_time: '14:00', phone: '(770) 555-0110', notes: 'Bring the old hearing aids.', location_name: 'Gainesville' })
  t.equal(body.starts_at, '2026-11-25T19:00:00.000Z', '14:00 Eastern')
  t.match(body, { sync_state: 'local', sync_attempted: false }, 'nothing handed over here (no MESSAGING_INTERNAL_URL): local only')

  const items = await outbox(db)
  t.same(items.map((i) => i.topic).sort(), ['appointment', 'email'])
  t.match(items.find((i) => i.topic === 'appointment')?.payload, { appointment_id: body.id, type_name: 'Hearing Evaluation', starts_at: '2026-11-25T19:00:00.000Z', ends_at: '2026-11-25T20:00:00.000Z', phone: '(770) 555-0110' })

  const email = await emailOf(db, `appointment-confirmed:${body.id}`)
  t.equal(email.to, 'walter.brooks@example.com')
  t.equal(email.kind, 'appointment-confirmed', 'a kind, so the mailbox never shows its cancel link to staff')
  t.equal(email.subject, 'Your Hearing Evaluation appointment is confirmed')
  t.match(email.text, 'Wednesday, November 25, 2026 at 2:00 PM (Eastern Standard Time)')
  t.match(email.text, '(770) 555-0142', "the clinic's phone")
  t.match(email.text, /Cancel this appointment: https:\/\/clinic\.example\/cancel-appointment\?token=/)
  const ics = Buffer.from(email.attachments![0]!.contentBase64, 'base64').toString()
  t.equal(email.attachments![0]!.filename, 'appointment.ics')
  t.equal(email.attachments![0]!.contentType, 'text/calendar')
  t.match(ics, /BEGIN:VCALENDAR/)
  t.match(ics, /DTSTART;TZID=America\/New_York:20261125T140000/, "14:00 on the clinic's clock (patient-emails.test.ts reads it with a parser)")
  t.match(ics, /DTEND;TZID=America\/New_York:20261125T150000/)
  t.match(ics, new RegExp(`UID:${body.id}@`))
  t.match(ics, /STATUS:CONFIRMED/)

  const list = await app.inject({ url: '/admin/appointments', headers: staff })
  t.equal(list.statusCode, 200)
  t.match(list.json(), [{ id: body.id, status: 'confirmed', sync_state: 'local' }])
})

t.test('scheduling is refused with a clear reason; only staff and admins may schedule', async (t) => {
  const { app, db, typeId, staff, admin, patient } = await setup(t)
  const type = await typeId('Follow-up')
  t.equal((await app.inject({ method: 'POST', url: '/admin/appointments', payload: schedule(type) })).statusCode, 401)
  t.equal((await app.inject({ method: 'POST', url: '/admin/appointments', headers: patient, payload: schedule(type) })).statusCode, 403)
  t.equal((await app.inject({ url: '/admin/appointments', headers: patient })).statusCode, 403)
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a past date', { appointment_date: '2026-11-23' }, /appointment_date: may not be in the past|date: may not be in the past/],
    ['a time already passed today', { appointment_date: '2026-11-24', appointment_time: '09:30' }, /time: has already passed today/],
    ['17:30, after closing', { appointment_time: '17:30' }, /time: a 30-minute visit must start and end within opening hours \(9:00 AM to 4:00 PM\); the last start that day is 3:30 PM/],
    ['08:30, before opening', { appointment_time: '08:30' }, /time: a 30-minute visit must start and end within opening hours/],
    ['10:15', { appointment_time: '10:15' }, /time: must be on the hour or half hour/],
    ['a type of no clinic', { appointment_type_id: randomUUID() }, /appointment_type_id: is not an appointment type of this location/],
    ['an unknown clinic', { location: 'nowhere' }, /location: is not one of our clinics/],
    ['no patient', { user_id: 'someone' }, /user_id: must be a user id/],
    ['a bad e-mail', { user_info: { first_name: 'A', last_name: 'B', email: 'nope' } }, /email/],
    ['oversized notes', { notes: 'x'.repeat(2001) }, /notes/],
    ['an invalid date', { appointment_date: '2026-02-30' }, /date: must be a date/],
  ]
  for (const [what, change, message] of cases) {
    const res = await app.inject({ method: 'POST', url: '/admin/appointments', headers: staff, payload: schedule(type, change) })
    t.equal(res.statusCode, 400, what)
    t.match(res.json().message, message, what)
  }
  t.equal((await outbox(db)).length, 0, 'nothing queued')

  const first = await app.inject({ method: 'POST', url: '/admin/appointments', headers: admin, payload: schedule(type, { appointment_time: '15:30', user_info: { first_name: 'No', last_name: 'Phone', email: 'no.phone@example.com' } }) })
  t.equal(first.statusCode, 201, 'admins may schedule; 3:30 PM is the last start of a 30-minute visit; the phone is optional')
  t.equal(first.json().phone, '')
  const overlap = await app.inject({ method: 'POST', url: '/admin/appointments', headers: staff, payload: schedule(type, { appointment_time: '15:30' }) })
  t.equal(overlap.statusCode, 409, 'the clinic already has an appointment then')
  t.equal(overlap.json().message, 'That time was just taken — please choose another')
})

t.test('staff confirm, decline and cancel; the patient is told each time; a decision cannot be made twice', async (t) => {
  const { app, db, typeId, staff, patient } = await setup(t)
  const type = await typeId('Hearing Evaluation')
  const a = (await app.inject({ method: 'POST', url: '/bookings', headers: patient, payload: booking(type) })).json()
  const b = (await app.inject({ method: 'POST', url: '/bookings', payload: booking(type, { time: '13:00', email: 'guest@example.com' }) })).json()
  t.equal(a.status, 'pending')

  const confirmed = await app.inject({ method: 'POST', url: `/admin/appointments/${a.id}/confirm`, headers: staff })
  t.equal(confirmed.statusCode, 200)
  t.equal(confirmed.json().status, 'confirmed')
  const email = await emailOf(db, `appointment-confirmed:${a.id}`)
  t.equal(email.to, 'margaret.hill@example.com')
  t.ok(tokenIn(email.text), 'with a cancel link')
  t.ok((await outbox(db)).some((i) => i.key === `appointment:${a.id}:sync`), 'handed to the provider once confirmed')

  const twice = await app.inject({ method: 'POST', url: `/admin/appointments/${a.id}/confirm`, headers: staff })
  t.equal(twice.statusCode, 409)
  t.equal(twice.json().message, 'This appointment cannot be confirmed: it is confirmed.')

  const declined = await app.inject({ method: 'POST', url: `/admin/appointments/${b.id}/decline`, headers: staff })
  t.equal(declined.json().status, 'declined')
  const sorry = await emailOf(db, `appointment-declined:${b.id}`)
  t.equal(sorry.to, 'guest@example.com')
  t.match(sorry.text, 'we cannot see you at that time')
  t.match(sorry.text, 'call us at (770) 555-0142')
  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${b.id}/confirm`, headers: staff })).statusCode, 409, 'a declined request cannot be confirmed')

  const cancelled = await app.inject({ method: 'POST', url: `/admin/appointments/${a.id}/cancel`, headers: staff })
  t.equal(cancelled.json().status, 'cancelled')
  t.equal(cancelled.json().cancelled_by, 'staff')
  t.match((await emailOf(db, `appointment-cancelled:${a.id}`)).text, 'had to be cancelled')

  const times = await app.inject(`/availability?location_uid=${GAINESVILLE}&appointment_type_id=${type}&date=2026-11-30`)
  t.ok(times.json().times.some((s: { time: string }) => s.time === '10:00'), 'the cancelled time is offered again')
  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${randomUUID()}/confirm`, headers: staff })).statusCode, 404)
  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/not-an-id/confirm`, headers: staff })).statusCode, 400)
  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${b.id}/cancel`, headers: patient })).statusCode, 403)
})

t.test('patients see their own appointments, upcoming and past, and cancel an upcoming one', async (t) => {
  let now = NOW
  const { app, db, typeId, patient, other } = await setup(t, { now: () => now })
  const type = await typeId('Follow-up')
  const mine = (await app.inject({ method: 'POST', url: '/bookings', headers: patient, payload: booking(type) })).json()
  const later = (await app.inject({ method: 'POST', url: '/bookings', headers: patient, payload: booking(type, { date: '2026-12-02' }) })).json()
  await app.inject({ method: 'POST', url: '/bookings', headers: other, payload: booking(type, { time: '11:00' }) })

  t.equal((await app.inject('/me/appointments')).statusCode, 401)
  const list = (await app.inject({ url: '/me/appointments', headers: patient })).json()
  t.same(list.upcoming.map((a: { id: string }) => a.id), [mine.id, later.id], 'own only, soonest first')
  t.same(list.past, [])
  t.equal(list.upcoming[0].can_cancel, true)

  t.equal((await app.inject({ method: 'POST', url: `/me/appointments/${mine.id}/cancel`, headers: other })).statusCode, 404, "another patient's appointment")
  const res = await app.inject({ method: 'POST', url: `/me/appointments/${mine.id}/cancel`, headers: patient })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { status: 'cancelled', cancelled_by: 'patient', can_cancel: false })
  const told = await db.selectFrom('outbox').select('payload').where('key', '=', `appointment:${mine.id}:cancelled-by-patient`).executeTakeFirstOrThrow()
  t.match((told.payload as { text: string }).text, 'cancelled by the patient', "the clinic's inbox is told")
  t.match((await emailOf(db, `appointment-cancelled:${mine.id}`)).text, 'As you asked')
  t.equal((await app.inject({ method: 'POST', url: `/me/appointments/${mine.id}/cancel`, headers: patient })).statusCode, 409, 'already cancelled')

  now = new Date('2026-12-03T15:00:00Z')
  const afterwards = (await app.inject({ url: '/me/appointments', headers: patient })).json()
  t.same(afterwards.upcoming, [])
  t.same(afterwards.past.map((a: { id: string }) => a.id), [later.id, mine.id], 'newest first')
  const tooLate = await app.inject({ method: 'POST', url: `/me/appointments/${later.id}/cancel`, headers: patient })
  t.equal(tooLate.statusCode, 409)
  t.match(tooLate.json().message, 'has already started')
})

t.test('the e-mailed cancel link: shows the appointment without personal details, cancels it once, expires when it starts', async (t) => {
  let now = NOW
  const { app, db, typeId, staff } = await setup(t, { now: () => now })
  const created = (await app.inject({ method: 'POST', url: '/admin/appointments', headers: staff, payload: schedule(await typeId('Repair'), { appointment_date: '2026-11-30' }) })).json()
  const token = tokenIn((await emailOf(db, `appointment-confirmed:${created.id}`)).text)

  const shown = await app.inject({ method: 'POST', url: '/cancel-link', payload: { token } })
  t.equal(shown.statusCode, 200)
  t.same(Object.keys(shown.json()).sort(), ['appointment_type', 'can_cancel', 'id', 'location_name', 'starts_at', 'status', 'when'])
  t.match(shown.json(), { appointment_type: 'Repair', location_name: 'Gainesville', status: 'confirmed', can_cancel: true })
  t.equal(shown.headers['cache-control'], 'no-store')

  const wrong = await app.inject({ method: 'POST', url: '/cancel-link', payload: { token: 'A'.repeat(43) } })
  t.equal(wrong.statusCode, 404)
  t.match(wrong.json().message, 'This cancel link is invalid or has expired.')
  t.equal((await app.inject({ method: 'POST', url: '/cancel-link', payload: { token: 'short' } })).statusCode, 400)

  const cancel = await app.inject({ method: 'POST', url: '/cancel-link/cancel', payload: { token } })
  t.equal(cancel.statusCode, 200)
  t.match(cancel.json(), { status: 'cancelled', can_cancel: false })
  t.match((await app.inject({ method: 'POST', url: '/cancel-link', payload: { token } })).json(), { status: 'cancelled' }, 'the link then says it is cancelled')
  t.equal((await app.inject({ method: 'POST', url: '/cancel-link/cancel', payload: { token } })).statusCode, 409, 'once')

  const next = (await app.inject({ method: 'POST', url: '/admin/appointments', headers: staff, payload: schedule(await typeId('Repair'), { appointment_date: '2026-12-01' }) })).json()
  const nextToken = tokenIn((await emailOf(db, `appointment-confirmed:${next.id}`)).text)
  now = new Date(next.starts_at)
  t.equal((await app.inject({ method: 'POST', url: '/cancel-link', payload: { token: nextToken } })).statusCode, 404, 'expired once it starts')
  t.equal((await app.inject({ method: 'POST', url: '/cancel-link/cancel', payload: { token: nextToken } })).statusCode, 404)
})

/** messaging-sync's two internal routes as scheduling meets them, with the status a test sets. */
async function messagingStandIn(t: Parameters<typeof testConfig>[0], status: () => { status: string; attempts: number; last_error: string | null } | null) {
  const handed: string[] = []
  const asked = { times: 0 }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c))
    req.on('end', () => {
      const json = JSON.parse(body || '{}') as { items?: Array<{ key: string }>; keys?: string[] }
      res.setHeader('content-type', 'application/json')
      if (req.url === '/internal/outbox') {
        handed.push(...(json.items ?? []).map((i) => i.key))
        res.writeHead(202).end(JSON.stringify({ items: [] }))
      } else if (req.url === '/internal/deliveries/status') {
        asked.times++
        const state = status()
        const items = (json.keys ?? []).filter((k) => k.endsWith(':sync') && handed.includes(k) && state).map((key) => ({ key, ...state! }))
        res.writeHead(200).end(JSON.stringify({ items }))
      } else res.writeHead(404).end('{}')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  t.teardown(() => new Promise<void>((r) => server.close(() => r())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, handed, asked }
}

t.test("the provider sync's status comes back into scheduling once; staff's answers and lists wait on no other service", async (t) => {
  let state: { status: string; attempts: number; last_error: string | null } | null = { status: 'queued', attempts: 0, last_error: null }
  const standIn = await messagingStandIn(t, () => state)
  const { app, typeId, staff } = await setup(t, { messagingUrl: standIn.url })
  const relay = app.outboxRelay!
  const list = async () => (await app.inject({ url: '/admin/appointments', headers: staff })).json()[0]

  const created = await app.inject({ method: 'POST', url: '/admin/appointments', headers: staff, payload: schedule(await typeId('Adjustment')) })
  t.equal(created.statusCode, 201)
  t.match(created.json(), { sync_state: 'local', sync_attempted: false }, 'answered at once, before the provider is tried')
  t.equal(standIn.asked.times, 0, 'scheduling asked messaging-sync nothing while answering')

  await relay.runOnce()
  t.ok(standIn.handed.includes(`appointment:${created.json().id}:sync`), 'handed over')
  t.match(await list(), { sync_state: 'local', sync_attempted: false }, 'queued at messaging-sync, not tried yet')

  state = { status: 'queued', attempts: 1, last_error: 'HTTP 502 from Podium' }
  await relay.runOnce()
  t.match(await list(), { sync_state: 'failed', podium_synced: false, podium_sync_error: 'HTTP 502 from Podium', sync_attempted: true }, 'a failed attempt shows while it is retried')

  state = { status: 'delivered', attempts: 2, last_error: null }
  await relay.runOnce()
  const asked = standIn.asked.times
  t.match(await list(), { sync_state: 'synced', podium_synced: true, podium_sync_error: null, sync_attempted: true })
  const one = await app.inject({ url: `/admin/appointments/${created.json().id}/sync`, headers: staff })
  t.same(one.json(), { sync_state: 'synced', podium_synced: true, podium_sync_error: null, sync_attempted: true }, "the dashboard's toast asks for one appointment's sync alone")
  t.equal((await app.inject({ url: `/admin/appointments/${randomUUID()}/sync`, headers: staff })).statusCode, 404)
  await list()
  t.equal(standIn.asked.times, asked, 'reading the list asks messaging-sync nothing')

  state = { status: 'failed', attempts: 3, last_error: 'should never be asked' }
  await relay.runOnce()
  t.equal(standIn.asked.times, asked, 'a settled delivery is not asked about again')
  t.match(await list(), { sync_state: 'synced' })
})

t.test('the local provider reads Local Only; messaging-sync out of reach reads "unknown" without making staff wait', async (t) => {
  const standIn = await messagingStandIn(t, () => ({ status: 'local', attempts: 1, last_error: null }))
  const local = await setup(t, { messagingUrl: standIn.url })
  await local.app.inject({ method: 'POST', url: '/admin/appointments', headers: local.staff, payload: schedule(await local.typeId('Adjustment')) })
  await local.app.outboxRelay!.runOnce()
  t.match((await local.app.inject({ url: '/admin/appointments', headers: local.staff })).json()[0], { sync_state: 'local', sync_attempted: true })

  const away = await setup(t, { messagingUrl: `http://127.0.0.1:${await freePort()}` })
  const created = await away.app.inject({ method: 'POST', url: '/admin/appointments', headers: away.staff, payload: schedule(await away.typeId('Adjustment')) })
  t.equal(created.statusCode, 201, 'the appointment is kept')
  await away.app.outboxRelay!.runOnce()
  t.match((await away.app.inject({ url: '/admin/appointments', headers: away.staff })).json()[0], { sync_state: 'unknown', sync_attempted: true }, 'the hand-over failed: nobody can tell yet')
})

t.test('sync state as SPEC §4 derives it', async (t) => {
  t.match(syncState({ status: 'delivered', attempts: 1, last_error: null }, true), { sync_state: 'synced', podium_synced: true })
  t.match(syncState({ status: 'failed', attempts: 10, last_error: 'HTTP 401' }, true), { sync_state: 'failed', podium_sync_error: 'HTTP 401' })
  t.match(syncState({ status: 'refused', attempts: 0, last_error: null }, true), { sync_state: 'failed', podium_sync_error: 'Sync failed' })
  t.match(syncState({ status: 'waiting', attempts: 10, last_error: 'timeout' }, true), { sync_state: 'failed' })
  t.match(syncState({ status: 'local', attempts: 1, last_error: null }, true), { sync_state: 'local' })
  t.match(syncState(undefined, true), { sync_state: 'local' }, 'not handed over yet')
  t.match(syncState(undefined, false), { sync_state: 'unknown' })
})

t.test('staff close a clinic for a day: no times offered then, listed, told of appointments already made, and reopen it', async (t) => {
  const { app, typeId, staff, patient } = await setup(t)
  const type = await typeId('Follow-up')
  await app.inject({ method: 'POST', url: '/bookings', payload: booking(type, { date: '2026-12-01' }) })
  const close = (payload: object, headers = staff) => app.inject({ method: 'POST', url: '/admin/closed-dates', headers, payload })

  t.equal((await close({ location_uid: GAINESVILLE, date: '2026-12-01' }, patient)).statusCode, 403, 'customers may not')
  const closed = await close({ location_uid: GAINESVILLE, date: '2026-12-01', reason: 'Staff training' })
  t.equal(closed.statusCode, 201)
  t.match(closed.json(), { location_uid: GAINESVILLE, location_name: 'Gainesville', date: '2026-12-01', reason: 'Staff training', visits_booked: 1, visits: [{ first_name: 'Margaret', status: 'pending' }] })
  const times = await app.inject(`/availability?location_uid=${GAINESVILLE}&appointment_type_id=${type}&date=2026-12-01`)
  t.equal(times.statusCode, 400)
  t.match(times.json().message, 'the clinic is closed that day')
  const listed = (await app.inject({ url: '/admin/closed-dates', headers: staff })).json() as Array<{ date: string }>
  t.match(listed.find((d) => d.date === '2026-12-01'), { date: '2026-12-01', reason: 'Staff training', location_name: 'Gainesville', visits_booked: 1 })

  t.equal((await close({ location_uid: GAINESVILLE, date: '2026-11-20' })).statusCode, 400, 'a past day')
  t.equal((await close({ location_uid: GAINESVILLE, date: '2026-02-30' })).statusCode, 400, 'no such day')
  t.equal((await close({ location_uid: 'nowhere', date: '2026-12-02' })).statusCode, 400, 'no such clinic')

  t.equal((await app.inject({ method: 'DELETE', url: `/admin/closed-dates/${GAINESVILLE}/2026-12-01`, headers: staff })).statusCode, 204)
  t.equal((await app.inject({ method: 'DELETE', url: `/admin/closed-dates/${GAINESVILLE}/2026-12-01`, headers: staff })).statusCode, 404, 'not closed any more')
  t.equal((await app.inject({ method: 'DELETE', url: `/admin/closed-dates/${GAINESVILLE}/2026-02-30`, headers: staff })).statusCode, 400)
  t.equal((await app.inject(`/availability?location_uid=${GAINESVILLE}&appointment_type_id=${type}&date=2026-12-01`)).statusCode, 200, 'times offered again')
})

t.test("a closed day's visits: listed, not reminded, cancelled at once with each patient told the clinic is closed; one moved away stays", async (t) => {
  const clock = { now: NOW }
  const { app, db, typeId, staff, patient } = await setup(t, { now: () => clock.now })
  const type = await typeId('Follow-up')
  const visitAt = async (time: string, email: string) =>
    (await app.inject({ method: 'POST', url: '/admin/appointments', headers: staff, payload: schedule(type, { appointment_date: '2026-12-01', appointment_time: time, user_info: { first_name: 'Walter', last_name: 'Brooks', email } }) })).json() as { id: string }
  const early = await visitAt('10:00', 'early@example.com')
  const late = await visitAt('13:00', 'late@example.com')
  const moved = await visitAt('14:00', 'moved@example.com')
  await app.inject({ method: 'POST', url: '/bookings', payload: booking(type, { date: '2026-12-01', time: '11:00' }) })
  const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id)

  const closed = await app.inject({ method: 'POST', url: '/admin/closed-dates', headers: staff, payload: { location_uid: GAINESVILLE, date: '2026-12-01', reason: 'Power outage' } })
  t.equal(closed.statusCode, 201)
  const visits = closed.json().visits as Array<{ id: string; appointment_time: string; status: string }>
  t.same(visits.map((v) => `${v.appointment_time} ${v.status}`), ['10:00 confirmed', '11:00 pending', '13:00 confirmed', '14:00 confirmed'], 'every visit of the day, by time')

  // The morning of the closed day: the reminders that would be due go out for none of its visits.
  clock.now = new Date('2026-12-01T14:30:00Z') // 9:30
  const remind = () => sendDueReminders(db, { now: clock.now, offsets: [300], publicUrl: 'https://clinic.example' })
  t.equal(await remind(), 0, 'no reminder for a visit at a closed clinic')
  t.equal((await app.inject({ method: 'DELETE', url: `/admin/closed-dates/${GAINESVILLE}/2026-12-01`, headers: staff })).statusCode, 204)
  t.equal(await remind(), 3, 'open again: the confirmed visits are reminded')
  clock.now = NOW
  t.equal((await app.inject({ method: 'POST', url: '/admin/closed-dates', headers: staff, payload: { location_uid: GAINESVILLE, date: '2026-12-01', reason: 'Power outage' } })).statusCode, 201)

  const moving = await app.inject({ method: 'POST', url: `/admin/appointments/${moved.id}/reschedule`, headers: staff, payload: { appointment_date: '2026-12-02', appointment_time: '14:00' } })
  t.equal(moving.statusCode, 200, 'a visit moved to an open day')
  const cancelAll = (headers: Record<string, string>, date = '2026-12-01') => app.inject({ method: 'POST', url: `/admin/closed-dates/${GAINESVILLE}/${date}/cancel-visits`, headers })
  t.equal((await cancelAll(patient)).statusCode, 403, 'customers may not')
  t.equal((await cancelAll(staff, '2026-12-03')).statusCode, 404, 'a day that is not closed')
  const cancelled = await cancelAll(staff)
  t.equal(cancelled.statusCode, 200)
  t.same(ids(cancelled.json().cancelled).sort(), [early.id, late.id, visits[1]!.id].sort(), 'the day\'s visits, not the one moved away')
  t.same(ids((await app.inject({ method: 'POST', url: `/admin/closed-dates/${GAINESVILLE}/2026-12-01/cancel-visits`, headers: staff })).json().cancelled), [], 'again: nothing left')
  const listed = (await app.inject({ url: '/admin/closed-dates', headers: staff })).json() as Array<{ date: string; visits_booked: number }>
  t.equal(listed.find((d) => d.date === '2026-12-01')?.visits_booked, 0)

  const mail = (await db.selectFrom('outbox').select('payload').where('key', '=', `appointment-cancelled:${early.id}`).executeTakeFirstOrThrow()).payload as { to: string; text: string }
  t.equal(mail.to, 'early@example.com')
  t.match(mail.text, 'had to be cancelled')
  t.match(mail.text, 'Our Gainesville clinic is closed that day.')
  t.equal((await db.selectFrom('appointments').select('status').where('id', '=', moved.id).executeTakeFirstOrThrow()).status, 'confirmed', 'the moved visit is kept')
})

t.test('the schema-driven fuzzer gets no 5xx from any scheduling route, anonymous, as a patient or as staff', async (t) => {
  const { app, staff, patient } = await setup(t)
  const report = await fuzzRoutes(app, { headerSets: [{}, patient, staff] })
  t.comment(`scheduling fuzz: ${report.requests} requests, statuses ${JSON.stringify(report.statuses)}`)
  t.ok(report.requests > 300, `${report.requests} requests`)
  t.same(report.failures, [], '0 responses >= 500')
})

t.test('an id that is not a uuid is a 400 naming the field on every route that takes one, never a database error', async (t) => {
  const { app, db, staff } = await setup(t)
  const staffCreate = await app.inject({ method: 'POST', url: '/admin/appointments', headers: staff, payload: schedule('abc') })
  t.equal(staffCreate.statusCode, 400, 'staff scheduling')
  t.match(staffCreate.json().message, /appointment_type_id: must be an appointment type id/)
  const publicBooking = await app.inject({ method: 'POST', url: '/bookings', payload: booking('abc') })
  t.equal(publicBooking.statusCode, 400, 'public booking')
  t.match(publicBooking.json().message, /appointment_type_id: must be an appointment type id/)
  const times = await app.inject(`/availability?location_uid=${GAINESVILLE}&appointment_type_id=abc&date=2026-11-30`)
  t.equal(times.statusCode, 400, 'availability')
  t.match(times.json().message, /appointment_type_id: must be an appointment type id/)
  for (const decision of ['confirm', 'decline', 'cancel']) {
    const res = await app.inject({ method: 'POST', url: `/admin/appointments/abc/${decision}`, headers: staff })
    t.equal(res.statusCode, 400, decision)
    t.match(res.json().message, /id: must be an appointment id/)
  }
  t.equal((await db.selectFrom('appointments').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n, '0', 'nothing stored')
})
