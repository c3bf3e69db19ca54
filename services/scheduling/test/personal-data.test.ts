import { testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { migrate, testConfig } from './helper.js'

const NOW = new Date('2026-11-24T15:00:00Z')
const GAINESVILLE = CLINICS[0]!.uid
const USER_ID = '6f1c1a52-1d55-4a0e-9b7e-2f0a7c1e9d11'

t.test('identity gets a person’s appointments (signed in or out) and has them erased; past visits kept without who', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  const app = await buildApp(config, { logLevel: false, jwks: (await testSigner()).keySet, background: false, now: () => NOW })
  t.teardown(() => app.close())
  const db = app.db
  const type = await db.selectFrom('appointment_types').select(['id', 'name']).where('location_uid', '=', GAINESVILLE).where('name', '=', 'Hearing Evaluation').executeTakeFirstOrThrow()

  const booking = (email: string, phone: string, date: string) =>
    app.inject({
      method: 'POST',
      url: '/bookings',
      payload: { first_name: 'Margaret', last_name: 'Hill', email, phone, location: GAINESVILLE, appointment_type_id: type.id, appointment_type: type.name, date, time: '10:00', notes: 'Left ear worse.', address_line1: '12 Oak Street', city: 'Gainesville', state: 'GA', zip_code: '30501' },
    })
  // Signed out, with the address typed differently; a household member on the same phone; someone else.
  t.equal((await booking('Margaret.Hill@Example.com ', '(770) 555-0142', '2026-11-30')).statusCode, 201)
  t.equal((await booking('husband@example.com', '770-555-0142', '2026-12-01')).statusCode, 201)
  t.equal((await booking('someone.else@example.com', '(770) 555-0199', '2026-12-02')).statusCode, 201)
  // A visit that took place, booked while signed in; one staff wrote down by phone only.
  const base = { location_uid: GAINESVILLE, appointment_type_id: type.id, appointment_type: type.name, source: 'staff' as const, first_name: 'Margaret', last_name: 'Hill', phone: '', notes: 'Fitted left.' }
  await db.insertInto('appointments').values({ ...base, user_id: USER_ID, email: 'margaret.hill@example.com', status: 'completed', starts_at: '2026-10-01T14:00:00Z', ends_at: '2026-10-01T15:00:00Z' }).execute()
  await db.insertInto('appointments').values({ ...base, email: '', phone: '770.555.0142', status: 'cancelled', starts_at: '2026-10-05T14:00:00Z', ends_at: '2026-10-05T15:00:00Z' }).execute()

  const headers = { 'x-internal-token': config.INTERNAL_TOKEN }
  const subject = { user_id: USER_ID, emails: ['margaret.hill@example.com'], phones: ['+17705550142'] }
  const exported = await app.inject({ method: 'POST', url: '/internal/personal-data/export', headers, payload: subject })
  t.equal(exported.statusCode, 200)
  const part = exported.json() as { service: string; sections: Array<{ key: string; records: Array<Record<string, unknown>> }> }
  t.equal(part.service, 'scheduling')
  const records = part.sections.find((s) => s.key === 'appointments')!.records
  t.equal(records.length, 3, 'by account, by address and by a phone naming no one else')
  t.match(records[0], { clinic: 'Gainesville', status: 'pending', notes: 'Left ear worse.' })
  t.notOk(records.some((r) => r.email === 'husband@example.com'), "a household member's booking on the same phone is theirs, not hers")

  const erased = await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: subject })
  t.equal(erased.statusCode, 200)
  t.match(erased.json(), { service: 'scheduling', erased: 4, kept: [{ kind: 'visits', count: 1 }] }, 'her request, the phone-only one and her two outbox items (clinic message, e-mail) gone; the visit kept')
  t.same(erased.json().found.emails, ['margaret.hill@example.com'], 'only her own address is reported for messaging-sync to look for')
  const left = await db.selectFrom('appointments').selectAll().orderBy('starts_at').execute()
  t.equal(left.length, 3)
  t.match(left[0], { status: 'completed', user_id: null, first_name: 'Former', last_name: 'patient', email: '', phone: '', notes: null })
  t.match(left[1], { email: 'husband@example.com', phone: '770-555-0142' }, 'the household member sharing her phone keeps his booking')
  t.match(left[2], { email: 'someone.else@example.com' }, 'the other person is untouched')
  const outbox = JSON.stringify(await db.selectFrom('outbox').select('payload').execute()).toLowerCase()
  t.notOk(outbox.includes('margaret.hill@'), 'nothing of the person is left to hand over')
  t.ok(outbox.includes('husband@example.com') && outbox.includes('someone.else@example.com'), "the others' messages and e-mails stay")

  const again = await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: subject })
  t.same(again.json(), { service: 'scheduling', erased: 0, kept: [], found: { emails: [], phones: [] } }, 'a retry finds nothing more')

  t.equal((await app.inject({ method: 'POST', url: '/internal/personal-data/export', payload: subject })).statusCode, 403, 'the service credential is required')
  t.equal((await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: { ...subject, emails: [] } })).statusCode, 400, 'an address is required')
  t.equal((await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: { ...subject, user_id: 'x' } })).statusCode, 400)
})
