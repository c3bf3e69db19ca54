import { testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { SLOT_TAKEN_MESSAGE } from '../src/bookings.js'
import { migrate, testConfig } from './helper.js'

const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday: the first bookable day is Friday 27 November
const GAINESVILLE = CLINICS[0]!.uid

async function setup(t: Parameters<typeof testConfig>[0]) {
  const config = await testConfig(t)
  await migrate(config)
  const app = await buildApp(config, { logLevel: false, jwks: (await testSigner()).keySet, background: false, now: () => NOW })
  t.teardown(() => app.close())
  const db = app.db
  const type = await db.selectFrom('appointment_types').select(['id', 'name']).where('location_uid', '=', GAINESVILLE).where('name', '=', 'Hearing Evaluation').executeTakeFirstOrThrow()
  return { app, db, type }
}

const form = (typeId: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Margaret',
  last_name: 'Hill',
  email: 'margaret.hill@example.com',
  phone: '(770) 555-0142',
  location: GAINESVILLE,
  appointment_type_id: typeId,
  appointment_type: 'Hearing Evaluation',
  date: '2026-11-30',
  time: '10:00',
  address_line1: '12 Oak Street',
  city: 'Gainesville',
  state: 'GA',
  zip_code: '30501',
  notes: 'Left ear worse than right.',
  ...overrides,
})

t.test('a day’s free times; a booking stored as pending with its message to the clinic; that time no longer offered', async (t) => {
  const { app, db, type } = await setup(t)
  const url = `/availability?location_uid=${GAINESVILLE}&appointment_type_id=${type.id}&date=2026-11-30`
  const before = await app.inject(url)
  t.equal(before.statusCode, 200)
  t.equal(before.json().times.length, 13)
  t.match(before.json().times[2], { time: '10:00', label: '10:00 AM', starts_at: '2026-11-30T15:00:00.000Z' })

  const res = await app.inject({ method: 'POST', url: '/bookings', payload: form(type.id) })
  t.equal(res.statusCode, 201)
  t.match(res.json(), { status: 'pending', starts_at: '2026-11-30T15:00:00.000Z', appointment_type: 'Hearing Evaluation', location: 'Gainesville' })
  const row = await db.selectFrom('appointments').selectAll().executeTakeFirstOrThrow()
  t.match(row, { status: 'pending', source: 'public', first_name: 'Margaret', zip_code: '30501', appointment_type: 'Hearing Evaluation' })
  const [message] = await db.selectFrom('outbox').selectAll().where('topic', '=', 'message').execute()
  t.equal(message?.topic, 'message')
  const payload = message?.payload as { kind: string; text: string }
  t.equal(payload.kind, 'booking')
  for (const line of ['Name: Margaret Hill', 'Phone: (770) 555-0142', 'Email: margaret.hill@example.com', 'Address: 12 Oak Street, Gainesville, GA 30501', 'Location: Gainesville', 'Date/time: Monday, November 30, 2026 at 10:00 AM', 'Type: Hearing Evaluation', 'Notes: Left ear worse than right.']) {
    t.match(payload.text, line, `the clinic's message has "${line}"`)
  }
  const after = (await app.inject(url)).json().times.map((s: { time: string }) => s.time)
  t.notOk(after.includes('09:30') || after.includes('10:00') || after.includes('10:30'), 'the hour is no longer offered')
  const again = await app.inject({ method: 'POST', url: '/bookings', payload: form(type.id, { email: 'someone.else@example.com' }) })
  t.equal(again.statusCode, 409)
  t.equal(again.json().message, SLOT_TAKEN_MESSAGE)
})

t.test('100 patients racing for one slot: exactly 1 booked, 99 told it was taken, one row', async (t) => {
  const { app, db, type } = await setup(t)
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) => app.inject({ method: 'POST', url: '/bookings', payload: form(type.id, { email: `racer${i}@example.com`, time: '11:00' }) })),
  )
  // On a busy machine some racers wait longer for a database connection than the pool allows:
  // they are told to come back (503, Retry-After), and when they do, the slot is taken.
  const busy = results.flatMap((r, i) => (r.statusCode === 503 ? [i] : []))
  for (const r of results.filter((r) => r.statusCode === 503)) t.equal(r.headers['retry-after'], '1', 'a busy answer says when to come back')
  const retried = []
  for (const i of busy) retried.push(await app.inject({ method: 'POST', url: '/bookings', payload: form(type.id, { email: `racer${i}@example.com`, time: '11:00' }) }))
  t.comment(`${busy.length} of 100 were told to come back`)
  const statuses = [...results.filter((r) => r.statusCode !== 503), ...retried].map((r) => r.statusCode)
  t.equal(statuses.filter((s) => s === 201).length, 1, 'one created')
  t.equal(statuses.filter((s) => s === 409).length, 99, '99 × 409')
  t.equal((await db.selectFrom('appointments').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n, '1', 'one row')
  t.equal((await db.selectFrom('outbox').select(db.fn.countAll<string>().as('n')).where('topic', '=', 'message').executeTakeFirstOrThrow()).n, '1', 'one message to the clinic')
  t.equal((await db.selectFrom('outbox').select(db.fn.countAll<string>().as('n')).where('topic', '=', 'email').executeTakeFirstOrThrow()).n, '1', 'one acknowledgement to the patient')
})

t.test('bad input is a 400 naming what is wrong; nothing is stored', async (t) => {
  const { app, db, type } = await setup(t)
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['unknown location', { location: 'nowhere' }, /location_uid: is not one of our clinics/],
    ['a type of no clinic', { appointment_type_id: '00000000-0000-4000-8000-000000000000' }, /appointment_type_id: is not an appointment type of this location/],
    ['a date too soon', { date: '2026-11-26' }, /date: must be at least 3 days from today/],
    ['a weekend', { date: '2026-11-28' }, /date: must be a weekday/],
    ['a past date', { date: '2025-01-06' }, /date: must be at least 3 days/],
    ['a time not offered', { time: '15:30' }, /time: is not a time offered that day/],
    ['Friday afternoon', { date: '2026-11-27', time: '12:30' }, /time: is not a time offered that day/],
    ['a malformed time', { time: '9am' }, /time: must be a time/],
    ['no address', { address_line1: '' }, /address_line1/],
    ['a bad ZIP', { zip_code: 'GA' }, /zip_code: must be a ZIP code/],
    ['a bad e-mail', { email: 'nope' }, /email: must be an e-mail address/],
    ['a number no US phone has', { phone: '555-1234' }, /phone: must be a valid US phone number/],
    ['a non-US phone', { phone: '+44 20 7946 0958' }, /phone: must be a valid US phone number/],
    ['a phone with a line break', { phone: '(770) 555-0142\nBcc: x@example.com' }, /phone: must be a valid US phone number/],
    ['oversized notes', { notes: 'x'.repeat(2001) }, /notes/],
    ['an unknown field', { referral: 'x' }, /referral/],
    // The acknowledgement to the address typed greets by the first name: a link there is someone phishing.
    ['a link as the first name', { first_name: 'Visit http://phish.example/x now' }, /first_name: may contain only letters, spaces, hyphens, apostrophes and periods/],
    ['a web address as the last name', { last_name: 'phish.example' }, /last_name: must be a name, not a web address/],
  ]
  for (const [what, change, message] of cases) {
    const res = await app.inject({ method: 'POST', url: '/bookings', payload: form(type.id, change) })
    t.equal(res.statusCode, 400, what)
    t.match(res.json().message, message, what)
  }
  const malformed = await app.inject({ method: 'POST', url: '/bookings', headers: { 'content-type': 'application/json' }, payload: '{"first_name":' })
  t.equal(malformed.statusCode, 400, 'malformed JSON')
  const query = await app.inject(`/availability?location_uid=${GAINESVILLE}&appointment_type_id=${type.id}&date=tomorrow`)
  t.equal(query.statusCode, 400)
  t.equal((await db.selectFrom('appointments').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n, '0', 'nothing stored')
})

t.test('a closed day is not offered', async (t) => {
  const { app, db, type } = await setup(t)
  await db.insertInto('closed_dates').values({ location_uid: GAINESVILLE, date: '2026-12-01', reason: 'Staff training' }).execute()
  const res = await app.inject(`/availability?location_uid=${GAINESVILLE}&appointment_type_id=${type.id}&date=2026-12-01`)
  t.equal(res.statusCode, 400)
  t.match(res.json().message, 'date: the clinic is closed that day')
})
