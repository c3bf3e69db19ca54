import { testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/service-kit/clinics'
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
  // Signed out, with the address typed differently, and by phone only matching; and someone else.
  t.equal((await booking('Margaret.Hill@Example.com ', '(770) 555-0142', '2026-11-30')).statusCode, 201)
  t.equal((await booking('other.address@example.com', '770-555-0142', '2026-12-01')).statusCode, 201)
  t.equal((await booking('someone.else@example.com', '(770) 555-0199', '2026-12-02')).statusCode, 201)
  // A visit that took place, booked while signed in.
  const base = { location_uid: GAINESVILLE, appointment_type_id: type.id, appointment_type: type.name, source: 'staff' as const, first_name: 'Margaret', last_name: 'Hill', phone: '', notes: 'Fitted left.' }
  await db.insertInto('appointments').values({ ...base, user_id: USER_ID, email: 'margaret.hill@example.com', status: 'completed', starts_at: '2026-10-01T14:00:00Z', ends_at: '2026-10-01T15:00:00Z' }).execute()

  const headers = { 'x-internal-token': config.INTERNAL_TOKEN }
  const subject = { user_id: USER_ID, emails: ['margaret.hill@example.com'], phones: ['+17705550142'] }
  const exported = await app.inject({ method: 'POST', url: '/internal/personal-data/export', headers, payload: subject })
  t.equal(exported.statusCode, 200)
  const part = exported.json() as { service: string; sections: Array<{ key: string; records: Array<Record<string, unknown>> }> }
  t.equal(part.service, 'scheduling')
  const records = part.sections.find((s) => s.key === 'appointments')!.records
  t.equal(records.length, 3, 'by account, by address and by phone; not the other person')
  t.match(records[0], { clinic: 'Gainesville', status: 'pending', notes: 'Left ear worse.' })

  const erased = await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: subject })
  t.equal(erased.statusCode, 200)
  t.match(erased.json(), { service: 'scheduling', erased: 6, kept: [{ kind: 'visits', count: 1 }] }, 'two requests and their four outbox items (clinic messages, e-mails to either address) gone; the visit kept')
  t.same(erased.json().found.emails.sort(), ['margaret.hill@example.com', 'other.address@example.com'], 'the other address is reported for messaging-sync to look for')
  const left = await db.selectFrom('appointments').selectAll().orderBy('starts_at').execute()
  t.equal(left.length, 2)
  t.match(left[0], { status: 'completed', user_id: null, first_name: 'Former', last_name: 'patient', email: '', phone: '', notes: null })
  t.match(left[1], { email: 'someone.else@example.com' }, 'the other person is untouched')
  const outbox = await db.selectFrom('outbox').select('payload').execute()
  t.equal(outbox.length, 2, "the other person's message and e-mail")
  t.notOk(JSON.stringify(outbox).toLowerCase().includes('margaret.hill@') || JSON.stringify(outbox).includes('other.address'), 'nothing of the person is left to hand over')

  const again = await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: subject })
  t.same(again.json(), { service: 'scheduling', erased: 0, kept: [], found: { emails: [], phones: [] } }, 'a retry finds nothing more')

  t.equal((await app.inject({ method: 'POST', url: '/internal/personal-data/export', payload: subject })).statusCode, 403, 'the service credential is required')
  t.equal((await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: { ...subject, emails: [] } })).statusCode, 400, 'an address is required')
  t.equal((await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: { ...subject, user_id: 'x' } })).statusCode, 400)
})
