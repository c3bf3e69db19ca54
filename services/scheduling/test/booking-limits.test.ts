import { randomUUID } from 'node:crypto'
import { testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { migrate, testConfig } from './helper.js'

const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday; Monday 30 November is bookable
const DAY = '2026-11-30'
const [GAINESVILLE, DAWSONVILLE] = CLINICS.map((c) => c.uid) as [string, string]

async function setup(t: Parameters<typeof testConfig>[0]) {
  const config = await testConfig(t)
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => NOW })
  t.teardown(() => app.close())
  const db = app.db
  const followUp = async (location: string) =>
    (await db.selectFrom('appointment_types').select('id').where('location_uid', '=', location).where('name', '=', 'Follow-up').executeTakeFirstOrThrow()).id
  const types = { [GAINESVILLE]: await followUp(GAINESVILLE), [DAWSONVILLE]: await followUp(DAWSONVILLE) }
  const staff = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  return { app, db, types, staff }
}

const form = (typeId: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Margaret',
  last_name: 'Hill',
  email: 'margaret.hill@example.com',
  phone: '(770) 555-0142',
  location: GAINESVILLE,
  appointment_type_id: typeId,
  date: DAY,
  time: '10:00',
  address_line1: '12 Oak Street',
  city: 'Gainesville',
  state: 'GA',
  zip_code: '30501',
  ...overrides,
})

/** The 30-minute starts of a Monday: 09:00 to 15:30, 14 of them. */
const STARTS = Array.from({ length: 14 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`)

t.test('the issue-20 flood: 28 simultaneous requests from one address, every one with its own e-mail and phone', async (t) => {
  const { app, db, types } = await setup(t)
  const attack = [GAINESVILLE, DAWSONVILLE].flatMap((location) =>
    STARTS.map((time, i) => form(types[location]!, { location, time, email: `visitor${location.slice(-2)}${i}@example.com`, phone: `(404) 555-${String(1000 + i + (location === GAINESVILLE ? 0 : 50))}` })),
  )
  t.equal(attack.length, 28)
  const send = (payload: object) => app.inject({ method: 'POST', url: '/bookings', headers: { 'x-forwarded-for': '203.0.113.7' }, payload })
  const first = await Promise.all(attack.map(send))
  // A busy machine may tell some to come back (503): they do, one by one.
  const answers = [...first.filter((r) => r.statusCode !== 503)]
  for (const [i, r] of first.entries()) if (r.statusCode === 503) answers.push(await send(attack[i]!))
  const created = answers.filter((r) => r.statusCode === 201).length
  t.comment(`flood from one address: ${created} of 28 requests got through`)
  t.equal(created, 3, 'three requests held, the most one visitor may hold')
  const refused = answers.filter((r) => r.statusCode === 409)
  t.equal(refused.length, 25, 'the rest refused')
  t.match(refused[0]?.json().message, /^You already have \d appointment requests/)
  for (const location of [GAINESVILLE, DAWSONVILLE]) {
    const free = await app.inject(`/availability?location_uid=${location}&appointment_type_id=${types[location]}&date=${DAY}`)
    t.ok(free.json().times.length >= 14 - 2, `${location === GAINESVILLE ? 'Gainesville' : 'Dawsonville'} still offers at least 12 of its 14 times`)
  }
  const stored = await db.selectFrom('appointments').select(['source_address']).execute()
  t.same(new Set(stored.map((r) => r.source_address)), new Set(['203.0.113.7']), 'each request keeps its source address')
})

t.test('one e-mail (any case, any +tag) or one phone (any spelling) is one visitor, from whatever address', async (t) => {
  const { app, types } = await setup(t)
  const type = types[GAINESVILLE]!
  const from = (address: string, payload: object) => app.inject({ method: 'POST', url: '/bookings', headers: { 'x-forwarded-for': address }, payload })
  const sameEmail = ['ann@example.com', 'Ann+1@Example.com', 'ANN+clinic@example.com', 'ann+4@example.com']
  const byEmail = []
  for (const [i, email] of sameEmail.entries()) byEmail.push(await from(`198.51.100.${i + 1}`, form(type, { email, phone: `(404) 555-01${10 + i}`, date: ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'][i] })))
  t.same(byEmail.map((r) => r.statusCode), [201, 201, 201, 409], 'the fourth request of one mailbox is refused')

  const samePhone = ['(706) 555-0199', '706.555.0199', '+1 706 555 0199', '7065550199']
  const byPhone = []
  for (const [i, phone] of samePhone.entries()) byPhone.push(await from(`192.0.2.${i + 1}`, form(type, { phone, email: `bob${i}@example.com`, date: ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10'][i] })))
  t.same(byPhone.map((r) => r.statusCode), [201, 201, 201, 409], 'the fourth request of one phone is refused')
})

t.test('a visitor may hold two requests on one clinic’s day; confirmed appointments no longer count', async (t) => {
  const { app, types, staff } = await setup(t)
  const type = types[GAINESVILLE]!
  const book = (payload: object) => app.inject({ method: 'POST', url: '/bookings', headers: { 'x-forwarded-for': '203.0.113.9' }, payload })
  const first = await book(form(type, { time: '09:00' }))
  t.equal(first.statusCode, 201)
  t.equal((await book(form(type, { time: '11:00', email: 'husband@example.com', phone: '(770) 555-0150' }))).statusCode, 201, 'a second person of the household the same day')
  const third = await book(form(type, { time: '13:00', email: 'aunt@example.com', phone: '(770) 555-0151' }))
  t.equal(third.statusCode, 409)
  t.equal(third.json().message, 'You already have 2 appointment requests at this clinic on that day. To book more that day, please call our Gainesville clinic on (770) 555-0142.')
  t.equal((await book(form(types[DAWSONVILLE]!, { location: DAWSONVILLE, time: '13:00', email: 'aunt@example.com', phone: '(770) 555-0151' }))).statusCode, 201, 'the other clinic that day')
  const fourth = await book(form(type, { date: '2026-12-01', email: 'cousin@example.com', phone: '(770) 555-0152' }))
  t.equal(fourth.statusCode, 409)
  t.match(fourth.json().message, /^You already have 3 appointment requests waiting for us to confirm\. .*\(770\) 555-0142\.$/)

  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${first.json().id}/confirm`, headers: staff })).statusCode, 200, 'staff confirm the first')
  t.equal((await book(form(type, { date: '2026-12-01', email: 'cousin@example.com', phone: '(770) 555-0152' }))).statusCode, 201, 'a confirmed appointment frees a place')
})

t.test('staff see pending requests grouped by source and release one source’s requests together', async (t) => {
  const { app, db, types, staff } = await setup(t)
  const type = types[GAINESVILLE]!
  const from = (address: string, payload: object) => app.inject({ method: 'POST', url: '/bookings', headers: { 'x-forwarded-for': address }, payload })
  for (const [i, time] of ['09:00', '10:00'].entries()) t.equal((await from('203.0.113.50', form(type, { time, email: `flood${i}@example.com`, phone: `(404) 555-02${10 + i}` }))).statusCode, 201)
  t.equal((await from('203.0.113.50', form(type, { date: '2026-12-01', email: 'flood2@example.com', phone: '(404) 555-0212' }))).statusCode, 201)
  t.equal((await from('198.51.100.20', form(type, { time: '13:00', email: 'Pat@example.com', phone: '(706) 555-0130' }))).statusCode, 201)
  t.equal((await from('198.51.100.21', form(type, { date: '2026-12-02', email: 'pat@example.com', phone: '(706) 555-0131' }))).statusCode, 201)
  t.equal((await from('192.0.2.99', form(type, { time: '15:00', email: 'single@example.com', phone: '(706) 555-0140' }))).statusCode, 201)

  t.equal((await app.inject({ url: '/admin/pending-sources' })).statusCode, 401, 'anonymous callers may not look')
  const listed = await app.inject({ url: '/admin/pending-sources', headers: staff })
  t.equal(listed.statusCode, 200)
  const groups = listed.json() as Array<{ kind: string; value: string; count: number; requests: Array<{ name: string; when: string }> }>
  t.same(groups.map((g) => [g.kind, g.value, g.count]), [['address', '203.0.113.50', 3], ['email', 'pat@example.com', 2]], 'the largest source first; single requests are not listed')
  t.match(groups[0]!.requests[0], { name: 'Margaret Hill', when: /^Monday, November 30, 2026 at 9:00 AM/ })

  const bad = await app.inject({ method: 'POST', url: '/admin/pending-sources/release', headers: staff, payload: { kind: 'cookie', value: 'x' } })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().message, /kind: must be one of address, email, phone/)
  const released = await app.inject({ method: 'POST', url: '/admin/pending-sources/release', headers: staff, payload: { kind: 'address', value: '203.0.113.50' } })
  t.equal(released.statusCode, 200)
  t.same(released.json(), { released: 3 })
  const statuses = await db.selectFrom('appointments').select(['email', 'status']).orderBy('email').execute()
  t.same(statuses.filter((r) => r.status === 'declined').map((r) => r.email), ['flood0@example.com', 'flood1@example.com', 'flood2@example.com'], 'only that source’s requests')
  const times = (await app.inject(`/availability?location_uid=${GAINESVILLE}&appointment_type_id=${type}&date=${DAY}`)).json().times.map((s: { time: string }) => s.time)
  t.ok(times.includes('09:00') && times.includes('10:00'), 'their times are free again')
  t.same((await app.inject({ url: '/admin/pending-sources', headers: staff })).json().map((g: { kind: string }) => g.kind), ['email'], 'the released source is gone from the list')
  const byEmail = await app.inject({ method: 'POST', url: '/admin/pending-sources/release', headers: staff, payload: { kind: 'email', value: 'PAT@example.com' } })
  t.same(byEmail.json(), { released: 2 }, 'an e-mail source in any case')
})
