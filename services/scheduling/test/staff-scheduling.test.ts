import { randomUUID } from 'node:crypto'
import { injectAsClient, testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { seedHolidays } from '../src/holidays.js'
import { migrate, testConfig } from './helper.js'

const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday 10:00 in Gainesville
const GAINESVILLE = CLINICS[0]!.uid
const DAWSONVILLE = CLINICS[1]!.uid

async function setup(t: Parameters<typeof testConfig>[0]) {
  const config = await testConfig(t, { PUBLIC_URL: 'https://clinic.example' })
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => NOW })
  t.teardown(() => app.close())
  const db = app.db
  // The holidays as of the test's day, not the machine's (the seed starts from today).
  await seedHolidays(db, NOW)
  const typeId = async (name: string, location = GAINESVILLE) =>
    (await db.selectFrom('appointment_types').select('id').where('location_uid', '=', location).where('name', '=', name).executeTakeFirstOrThrow()).id
  const staff = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  const admin = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'admin' })}` }
  return { app, db, typeId, staff, admin }
}

const schedule = (typeId: string, overrides: Record<string, unknown> = {}) => ({
  user_id: randomUUID(),
  user_info: { first_name: 'Walter', last_name: 'Brooks', email: 'walter.brooks@example.com', phone: '(770) 555-0110' },
  location: GAINESVILLE,
  appointment_type_id: typeId,
  appointment_date: '2026-12-01',
  appointment_time: '10:00',
  ...overrides,
})

t.test('ten staff scheduling one slot at once: exactly one 201, nine "just taken" 409s, never a 500', async (t) => {
  const { app, db, typeId, staff, admin } = await setup(t)
  const type = await typeId('Hearing Evaluation')
  // Overlapping, not identical: 10:00 and 10:30 one-hour visits at one clinic collide too. A busy
  // database may answer 503 with Retry-After (no free connection): the dashboard asks again, and so does this test.
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => injectAsClient(app, { method: 'POST', url: '/admin/appointments', headers: i % 2 ? admin : staff, payload: schedule(type, { appointment_time: i % 3 ? '10:00' : '10:30' }) })),
  )
  const codes = answers.map((a) => a.statusCode).sort()
  t.same(codes, [201, 409, 409, 409, 409, 409, 409, 409, 409, 409])
  for (const a of answers.filter((a) => a.statusCode === 409)) t.equal(a.json().message, 'That time was just taken — please choose another')
  const stored = await db.selectFrom('appointments').select('id').execute()
  t.equal(stored.length, 1, 'one appointment stored')
})

t.test('staff are held to opening hours, closed days and the visit length', async (t) => {
  const { app, typeId, staff } = await setup(t)
  const evaluation = await typeId('Hearing Evaluation', DAWSONVILLE)
  const post = (overrides: Record<string, unknown>) => app.inject({ method: 'POST', url: '/admin/appointments', headers: staff, payload: schedule(evaluation, { location: DAWSONVILLE, ...overrides }) })

  const saturday = await post({ appointment_date: '2026-11-28' })
  t.equal(saturday.statusCode, 400)
  t.equal(saturday.json().message, 'date: must be a weekday (Monday to Friday)')
  const thanksgiving = await post({ appointment_date: '2026-11-26' })
  t.equal(thanksgiving.statusCode, 400)
  t.match(thanksgiving.json().message, 'date: the clinic is closed that day')
  const fridayAfternoon = await post({ appointment_date: '2026-12-04', appointment_time: '16:30' })
  t.equal(fridayAfternoon.statusCode, 400)
  t.equal(fridayAfternoon.json().message, 'time: a 60-minute visit must start and end within opening hours (9:00 AM to 1:00 PM); the last start that day is 12:00 PM')
  t.equal((await post({ appointment_date: '2026-12-04', appointment_time: '12:30' })).statusCode, 400, 'a one-hour visit at 12:30 would end after 1 PM')
  t.equal((await post({ appointment_date: '2026-12-04', appointment_time: '12:00' })).statusCode, 201, 'the last hour before closing')

  const times = await app.inject({ url: `/admin/staff-times?location_uid=${DAWSONVILLE}&appointment_type_id=${evaluation}&date=2026-12-04`, headers: staff })
  t.equal(times.statusCode, 200)
  const list = times.json().times as Array<{ time: string; held_by: unknown }>
  t.equal(list[0]!.time, '09:00')
  t.equal(list.at(-1)!.time, '12:00', "the list ends where a one-hour visit still fits")
  t.match(list.at(-1), { held_by: { status: 'confirmed' } }, 'the time just scheduled is shown as held')
  t.equal((await app.inject({ url: `/admin/staff-times?location_uid=${DAWSONVILLE}&appointment_type_id=${evaluation}&date=2026-11-28`, headers: staff })).statusCode, 400, 'a Saturday')
  t.equal((await app.inject({ url: `/admin/staff-times?location_uid=${DAWSONVILLE}&appointment_type_id=${evaluation}&date=2026-12-04` })).statusCode, 401)
  const today = (await app.inject({ url: `/admin/staff-times?location_uid=${GAINESVILLE}&appointment_type_id=${await typeId('Follow-up')}&date=2026-11-24`, headers: staff })).json()
  t.equal(today.times[0].time, '10:30', 'today: only times not yet started')
})

t.test('a slot held by a days-old request is named as such, not "just taken"', async (t) => {
  const { app, db, typeId, staff } = await setup(t)
  const type = await typeId('Follow-up')
  await db
    .insertInto('appointments')
    .values({
      location_uid: GAINESVILLE, appointment_type_id: type, appointment_type: 'Follow-up', starts_at: '2026-12-01T15:00:00Z', ends_at: '2026-12-01T15:30:00Z',
      source: 'public', first_name: 'Old', last_name: 'Request', email: 'old@example.com', phone: '7705550100', created_at: new Date('2026-11-20T14:00:00Z'),
    })
    .execute()
  const res = await app.inject({ method: 'POST', url: '/admin/appointments', headers: staff, payload: schedule(type) })
  t.equal(res.statusCode, 409)
  t.equal(res.json().message, 'That time is held by an appointment request made on Nov 20 that is still waiting for a decision — confirm or decline it in Recent Appointments, or choose another time')
})

t.test("a booking's message names its appointment; staff read chosen appointments' status by id", async (t) => {
  const { app, db, typeId, staff } = await setup(t)
  const type = await typeId('Follow-up')
  const booked = await app.inject({
    method: 'POST',
    url: '/bookings',
    payload: { first_name: 'Iris', last_name: 'Vale', email: 'iris@example.com', phone: '(770) 555-0150', location: GAINESVILLE, appointment_type_id: type, date: '2026-12-01', time: '11:00', address_line1: '3 Hill Road', city: 'Gainesville', state: 'GA', zip_code: '30501' },
  })
  t.equal(booked.statusCode, 201)
  const { id } = booked.json() as { id: string }
  const message = await db.selectFrom('outbox').select('payload').where('key', '=', `booking:${id}:clinic`).executeTakeFirstOrThrow()
  t.match(message.payload, { kind: 'booking', appointment_id: id })
  t.notMatch((message.payload as { text: string }).text, /pending until staff confirm it/, 'the message does not claim a status that will change')

  await app.inject({ method: 'POST', url: `/admin/appointments/${id}/confirm`, headers: staff })
  const chosen = await app.inject({ url: `/admin/appointments?ids=${id},${randomUUID()}`, headers: staff })
  t.equal(chosen.statusCode, 200)
  t.match(chosen.json(), [{ id, status: 'confirmed' }])
  t.equal(chosen.json().length, 1)
  const bad = await app.inject({ url: '/admin/appointments?ids=nope', headers: staff })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().message, 'must be appointment ids')
})
