import { testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import { DateTime } from 'luxon'
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { buildApp } from '../src/app.js'
import { holidaysFrom, loadHolidayRules, observedDate, seedHolidays } from '../src/holidays.js'
import { migrate, testConfig } from './helper.js'

const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday: bookable from Friday 27 November to Wednesday 24 March 2027
const [GAINESVILLE, DAWSONVILLE] = CLINICS.map((c) => c.uid) as [string, string]

async function setup(t: Parameters<typeof testConfig>[0], env: Record<string, string> = {}) {
  const config = await testConfig(t, env)
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => NOW })
  t.teardown(() => app.close())
  const db = app.db
  await seedHolidays(db, NOW)
  const type = (await db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE).where('name', '=', 'Follow-up').executeTakeFirstOrThrow()).id
  const staff = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  return { app, db, type, staff }
}

const form = (typeId: string, overrides: Record<string, unknown> = {}) => ({
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

t.test('the holidays the practice observes, moved off weekends (data/holidays.json)', async (t) => {
  const rules = loadHolidayRules()
  const named = (name: string, year: number) => observedDate(rules.find((r) => r.name === name)!, year)
  t.equal(named('Christmas Day', 2026), '2026-12-25')
  t.equal(named("New Year's Day", 2027), '2027-01-01')
  t.equal(named('Memorial Day', 2027), '2027-05-31', 'the last Monday of May')
  t.equal(named('Labor Day', 2027), '2027-09-06', 'the first Monday of September')
  t.equal(named('Thanksgiving Day', 2026), '2026-11-26', 'the fourth Thursday of November')
  t.equal(named('Independence Day', 2027), '2027-07-05', 'a Sunday: the Monday after')
  t.equal(named('Christmas Day', 2027), '2027-12-24', 'a Saturday: the Friday before')
  t.same(holidaysFrom('2026-11-24', 2).slice(0, 3), [
    { date: '2026-11-26', name: 'Thanksgiving Day' },
    { date: '2026-12-25', name: 'Christmas Day' },
    { date: '2027-01-01', name: "New Year's Day" },
  ])
})

t.test('requests beyond the horizon (120 days) and on holidays are refused with a clear message', async (t) => {
  const { app, db, type } = await setup(t)
  const book = (date: string) => app.inject({ method: 'POST', url: '/bookings', payload: form(type, { date }) })
  for (const date of ['2100-01-01', '9999-12-31', '2027-03-25']) {
    const res = await book(date)
    t.equal(res.statusCode, 400, date)
    t.match(res.json().message, 'date: must be within 120 days from today; for a later date, please call the clinic', date)
  }
  for (const date of ['2026-12-25', '2027-01-01']) {
    const res = await book(date)
    t.equal(res.statusCode, 400, date)
    t.match(res.json().message, 'date: the clinic is closed that day; please choose another date', date)
  }
  t.equal((await book('2027-03-24')).statusCode, 201, 'the last day of the horizon')
  t.equal((await db.selectFrom('appointments').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n, '1')
})

t.test('Memorial Day 2027 is closed at both clinics when the horizon reaches it', async (t) => {
  const { app, db } = await setup(t, { BOOKING_HORIZON_DAYS: '365' })
  for (const location of [GAINESVILLE, DAWSONVILLE]) {
    const type = (await db.selectFrom('appointment_types').select('id').where('location_uid', '=', location).where('name', '=', 'Follow-up').executeTakeFirstOrThrow()).id
    const res = await app.inject({ method: 'POST', url: '/bookings', payload: form(type, { location, date: '2027-05-31' }) })
    t.equal(res.statusCode, 400)
    t.match(res.json().message, 'the clinic is closed that day')
  }
})

t.test('the booking window and availability agree on every date: the picker offers nothing that is refused', async (t) => {
  const { app, type } = await setup(t)
  const res = await app.inject(`/booking-window?location_uid=${GAINESVILLE}`)
  t.equal(res.statusCode, 200)
  const window = res.json() as { first_date: string; last_date: string; horizon_days: number; closed_dates: string[] }
  t.match(window, { first_date: '2026-11-27', last_date: '2027-03-24', horizon_days: 120 })
  t.ok(window.closed_dates.includes('2026-12-25') && window.closed_dates.includes('2027-01-01'), 'the holidays are listed')
  let offered = 0
  for (let day = DateTime.fromISO('2026-11-24'); day.toISODate()! <= '2027-03-31'; day = day.plus({ days: 1 })) {
    const date = day.toISODate()!
    const pickable = date >= window.first_date && date <= window.last_date && day.weekday <= 5 && !window.closed_dates.includes(date)
    const times = await app.inject(`/availability?location_uid=${GAINESVILLE}&appointment_type_id=${type}&date=${date}`)
    t.equal(times.statusCode, pickable ? 200 : 400, `${date}: ${pickable ? 'offered' : 'not offered'}`)
    if (pickable) offered++
  }
  t.comment(`${offered} dates offered in the window`)
  t.equal((await app.inject('/booking-window?location_uid=nowhere')).statusCode, 400, 'an unknown clinic')
})

t.test('staff can reopen a holiday, and it stays open when the holidays are seeded again', async (t) => {
  const { app, db, type, staff } = await setup(t)
  const listed = (await app.inject({ url: '/admin/closed-dates', headers: staff })).json() as Array<{ date: string; reason: string; location_uid: string }>
  t.match(listed.find((d) => d.date === '2026-12-25' && d.location_uid === GAINESVILLE), { reason: 'Christmas Day' }, 'holidays are listed for staff with their names')
  t.equal((await app.inject({ method: 'DELETE', url: `/admin/closed-dates/${GAINESVILLE}/2026-12-25`, headers: staff })).statusCode, 204)
  await seedHolidays(db, NOW)
  const times = await app.inject(`/availability?location_uid=${GAINESVILLE}&appointment_type_id=${type}&date=2026-12-25`)
  t.equal(times.statusCode, 200, 'Gainesville open on Christmas Day after all')
  const window = (await app.inject(`/booking-window?location_uid=${DAWSONVILLE}`)).json()
  t.ok(window.closed_dates.includes('2026-12-25'), 'Dawsonville still closed')
})
