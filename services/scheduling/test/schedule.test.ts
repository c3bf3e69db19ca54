import { randomUUID } from 'node:crypto'
import { readInvitation, testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import { sql } from 'kysely'
import t, { type Test } from 'tap'
import { buildApp } from '../src/app.js'
import { migrate, testConfig } from './helper.js'

const GAINESVILLE = CLINICS[0]!.uid
const DAWSONVILLE = CLINICS[1]!.uid

async function setup(t: Test) {
  const clock = { now: new Date('2026-11-24T15:00:00Z') } // Tuesday 10:00 in Gainesville
  const config = await testConfig(t, { PUBLIC_URL: 'https://clinic.example' })
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => clock.now })
  t.teardown(() => app.close())
  const typeId = async (name: string, location: string) =>
    (await app.db.selectFrom('appointment_types').select('id').where('location_uid', '=', location).where('name', '=', name).executeTakeFirstOrThrow()).id
  const staff = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  const patient = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'customer' })}` }
  const schedule = async (location: string, date: string, time: string, last = 'Brooks') => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin/appointments',
      headers: staff,
      payload: { user_id: randomUUID(), user_info: { first_name: 'Walter', last_name: last, email: `${last.toLowerCase()}@example.com` }, location, appointment_type_id: await typeId('Follow-up', location), appointment_date: date, appointment_time: time },
    })
    t.equal(res.statusCode, 201, `scheduled ${date} ${time}`)
    return res.json() as { id: string; starts_at: string }
  }
  return { app, clock, staff, patient, schedule }
}

t.test('the schedule: a day or a week, by time, filtered by clinic and status; staff only', async (t) => {
  const { app, staff, patient, schedule } = await setup(t)
  const late = await schedule(GAINESVILLE, '2026-11-30', '14:00')
  const early = await schedule(DAWSONVILLE, '2026-11-30', '09:00')
  const wednesday = await schedule(GAINESVILLE, '2026-12-02', '10:00')
  await schedule(GAINESVILLE, '2026-12-08', '10:00') // the week after

  const get = (query: string, headers: Record<string, string> = staff) => app.inject({ url: `/admin/schedule?${query}`, headers })
  t.same((await get('from=2026-11-30')).json().map((a: { id: string }) => a.id), [early.id, late.id], 'a day, earliest first, both clinics')
  t.same((await get('from=2026-11-30&days=7')).json().map((a: { id: string }) => a.id), [early.id, late.id, wednesday.id], 'a week')
  t.same((await get(`from=2026-11-30&days=7&location_uid=${GAINESVILLE}`)).json().map((a: { id: string }) => a.id), [late.id, wednesday.id], 'one clinic')
  t.same((await get('from=2026-11-30&days=7&status=cancelled')).json(), [], 'by status')
  t.equal((await get('from=2026-11-30&days=8')).statusCode, 400)
  t.match((await get('from=2026-11-30&status=lost')).json().message, 'status: must be one of')
  t.equal((await get('from=2026-11-30', patient)).statusCode, 403)
  t.equal((await get('from=2026-11-30', {})).statusCode, 401)
})

t.test('a reschedule moves the visit by the same rules and e-mails the patient the new time with a calendar file', async (t) => {
  const { app, staff, schedule } = await setup(t)
  const moving = await schedule(GAINESVILLE, '2026-11-30', '14:00')
  await schedule(GAINESVILLE, '2026-12-01', '10:00', 'Other')
  const move = (date: string, time: string) => app.inject({ method: 'POST', url: `/admin/appointments/${moving.id}/reschedule`, headers: staff, payload: { appointment_date: date, appointment_time: time } })

  t.equal((await move('2026-12-05', '10:00')).json().message, 'date: must be a weekday (Monday to Friday)')
  t.match((await move('2026-12-04', '13:00')).json().message, 'must start and end within opening hours (9:00 AM to 1:00 PM)')
  const taken = await move('2026-12-01', '10:00')
  t.equal(taken.statusCode, 409)
  const moved = await move('2026-12-01', '11:30')
  t.equal(moved.statusCode, 200)
  t.match(moved.json(), { id: moving.id, status: 'confirmed', appointment_date: '2026-12-01', appointment_time: '11:30' })

  const mail = await app.db.selectFrom('outbox').select(['key', 'payload']).where('key', 'like', `appointment-rescheduled:${moving.id}:%`).executeTakeFirstOrThrow()
  const email = mail.payload as { to: string; subject: string; text: string; attachments: Array<{ contentBase64: string }> }
  t.equal(email.to, 'brooks@example.com')
  t.equal(email.subject, 'Your Follow-up appointment has moved to Tuesday, December 1, 2026 at 11:30 AM (Eastern Standard Time)')
  t.match(email.text, 'from Monday, November 30, 2026 at 2:00 PM')
  t.match(email.text, /cancel-appointment\?token=/)
  const ics = Buffer.from(email.attachments[0]!.contentBase64, 'base64').toString()
  const invitation = readInvitation(ics)
  t.equal(invitation.start.toISOString(), '2026-12-01T16:30:00.000Z', 'the new time, as a calendar reads it')
  t.equal(invitation.localStart, '2026-12-01T11:30:00', 'on the clinic clock')
  t.match(invitation.uid, new RegExp(`^${moving.id}@`), 'the same calendar entry, updated')

  const again = await app.inject({ method: 'POST', url: `/admin/appointments/${moving.id}/reschedule`, headers: staff, payload: { appointment_date: '2026-12-02', appointment_time: '09:00' } })
  t.equal(again.statusCode, 200, 'moved twice: a second e-mail')
  t.equal((await app.db.selectFrom('outbox').select('key').where('key', 'like', `appointment-rescheduled:${moving.id}:%`).execute()).length, 2)
  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${moving.id}/reschedule`, headers: staff, payload: { appointment_date: 'soon' } })).statusCode, 400)
})

t.test("a visit's calendar files change one entry: REQUEST at the confirmation and each move with a rising SEQUENCE, CANCEL when it is cancelled", async (t) => {
  const { app, staff, schedule } = await setup(t)
  const visit = await schedule(GAINESVILLE, '2026-11-30', '14:00')
  const calendarOf = async (key: string) => {
    const row = await app.db.selectFrom('outbox').select('payload').where('key', '=', key).executeTakeFirstOrThrow()
    const email = row.payload as { text: string; attachments?: Array<{ contentType: string; contentBase64: string }> }
    t.equal(email.attachments?.length, 1, `${key}: one calendar file`)
    return { text: email.text, invitation: readInvitation(Buffer.from(email.attachments![0]!.contentBase64, 'base64').toString()) }
  }
  const move = (date: string, time: string) => app.inject({ method: 'POST', url: `/admin/appointments/${visit.id}/reschedule`, headers: staff, payload: { appointment_date: date, appointment_time: time } })

  const first = (await calendarOf(`appointment-confirmed:${visit.id}`)).invitation
  t.match(first, { method: 'REQUEST', sequence: 0, status: 'CONFIRMED' }, 'the confirmation adds the entry')
  t.equal((await move('2026-12-01', '11:30')).statusCode, 200)
  const moved = (await calendarOf(`appointment-rescheduled:${visit.id}:2026-12-01T16:30:00.000Z`)).invitation
  t.match(moved, { method: 'REQUEST', uid: first.uid, sequence: 1, status: 'CONFIRMED' }, 'a move updates the same entry')
  t.equal(moved.start.toISOString(), '2026-12-01T16:30:00.000Z')
  t.equal((await move('2026-12-02', '09:00')).statusCode, 200)
  const again = (await calendarOf(`appointment-rescheduled:${visit.id}:2026-12-02T14:00:00.000Z`)).invitation
  t.match(again, { method: 'REQUEST', uid: first.uid, sequence: 2 }, 'each move a higher revision')

  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${visit.id}/cancel`, headers: staff })).statusCode, 200)
  const cancelled = await calendarOf(`appointment-cancelled:${visit.id}`)
  t.match(cancelled.invitation, { method: 'CANCEL', uid: first.uid, sequence: 3, status: 'CANCELLED' }, 'the cancellation removes that entry')
  t.equal(cancelled.invitation.start.toISOString(), '2026-12-02T14:00:00.000Z', 'the entry as last moved')
  t.same(cancelled.invitation.reminders, [], 'and no reminder for it')
  t.match(cancelled.text, 'The attached calendar file removes it from your calendar.')
})

t.test('a request cancelled before it was confirmed: no calendar file, as the patient has no entry to remove', async (t) => {
  const { app, staff } = await setup(t)
  const typeId = (await app.db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE).where('name', '=', 'Follow-up').executeTakeFirstOrThrow()).id
  const booked = await app.inject({
    method: 'POST',
    url: '/bookings',
    payload: { first_name: 'Ada', last_name: 'Moss', email: 'ada.moss@example.com', phone: '(770) 555-0100', location: GAINESVILLE, appointment_type_id: typeId, date: '2026-12-01', time: '10:00', address_line1: '1 Elm St', city: 'Gainesville', state: 'GA', zip_code: '30501' },
  })
  t.equal(booked.statusCode, 201, booked.body)
  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${booked.json().id}/cancel`, headers: staff })).statusCode, 200)
  const row = await app.db.selectFrom('outbox').select('payload').where('key', '=', `appointment-cancelled:${booked.json().id}`).executeTakeFirstOrThrow()
  const email = row.payload as { text: string; attachments?: unknown[] }
  t.notOk(email.attachments, 'no calendar file')
  t.notMatch(email.text, 'calendar file')
})

t.test('completed and no-show: told once the visit has started, never before, and only of confirmed visits', async (t) => {
  const { app, clock, staff, schedule } = await setup(t)
  const seen = await schedule(GAINESVILLE, '2026-11-30', '09:00')
  const missed = await schedule(GAINESVILLE, '2026-11-30', '10:00')
  const mark = (id: string, what: string) => app.inject({ method: 'POST', url: `/admin/appointments/${id}/${what}`, headers: staff })

  const early = await mark(seen.id, 'complete')
  t.equal(early.statusCode, 409)
  t.equal(early.json().message, 'This appointment cannot be marked completed: it is confirmed and has not started yet.')
  clock.now = new Date('2026-11-30T16:00:00Z') // 11:00 that day
  t.equal((await mark(seen.id, 'complete')).json().status, 'completed')
  t.equal((await mark(missed.id, 'no-show')).json().status, 'no_show')
  t.equal((await mark(missed.id, 'complete')).json().message, 'This appointment cannot be marked completed: it is a no-show.')
  t.same((await app.inject({ url: '/admin/schedule?from=2026-11-30&status=no_show', headers: staff })).json().map((a: { id: string }) => a.id), [missed.id])
})

t.test('an outcome pressed by mistake is undone the same clinic day (audited), never later, and not over a visit given its time', async (t) => {
  const { app, clock, staff, schedule } = await setup(t)
  const seen = await schedule(GAINESVILLE, '2026-11-30', '09:00')
  const typeId = async (name: string) => (await app.db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE).where('name', '=', name).executeTakeFirstOrThrow()).id
  const book = async (last: string, type: string, time: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin/appointments',
      headers: staff,
      payload: { user_id: randomUUID(), user_info: { first_name: 'Walk', last_name: last, email: `${last.toLowerCase()}@example.com` }, location: GAINESVILLE, appointment_type_id: await typeId(type), appointment_date: '2026-11-30', appointment_time: time },
    })
    t.equal(res.statusCode, 201, res.body)
    return res.json() as { id: string }
  }
  const missed = await book('Evaluated', 'Hearing Evaluation', '11:00') // an hour long
  const post = (id: string, what: string) => app.inject({ method: 'POST', url: `/admin/appointments/${id}/${what}`, headers: staff })

  t.equal((await post(seen.id, 'undo-outcome')).json().message, 'This appointment has no outcome to undo: it is confirmed.')
  clock.now = new Date('2026-11-30T14:40:00Z') // 9:40 that day
  t.equal((await post(seen.id, 'complete')).json().status, 'completed')
  const undone = await post(seen.id, 'undo-outcome')
  t.equal(undone.statusCode, 200)
  t.match(undone.json(), { id: seen.id, status: 'confirmed' }, 'confirmed again')
  t.equal((await post(seen.id, 'no-show')).json().status, 'no_show', 'and the right outcome told')
  t.equal((await post(seen.id, 'undo-outcome')).json().status, 'confirmed', 'a no-show is undone too')
  t.equal((await post(seen.id, 'complete')).json().status, 'completed')

  const { rows: audited } = await sql<{ record_id: string; outcome: number }>`select record_id, outcome from audit.events where action = 'appointment.undo-outcome' order by seq`.execute(app.db)
  t.same(audited, [{ record_id: seen.id, outcome: 409 }, { record_id: seen.id, outcome: 200 }, { record_id: seen.id, outcome: 200 }], 'every undo is in the audit trail, refused ones too')

  // A no-show whose time staff gave to someone else: its undo would double-book the time.
  clock.now = new Date('2026-11-30T16:10:00Z') // 11:10
  t.equal((await post(missed.id, 'no-show')).json().status, 'no_show')
  await book('In', 'Follow-up', '11:30') // in the hour the no-show no longer holds
  const overlapping = await post(missed.id, 'undo-outcome')
  t.equal(overlapping.statusCode, 409)
  t.equal(overlapping.json().message, "This visit's outcome cannot be undone: its time has been given to another visit meanwhile.")

  // The next day the outcomes stand.
  clock.now = new Date('2026-12-01T14:00:00Z')
  const late = await post(seen.id, 'undo-outcome')
  t.equal(late.statusCode, 409)
  t.equal(late.json().message, "This visit's outcome can only be undone on the day of the visit.")
  t.equal((await post(randomUUID(), 'undo-outcome')).statusCode, 404)
})

