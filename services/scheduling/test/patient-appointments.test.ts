import { randomUUID } from 'node:crypto'
import { testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { migrate, testConfig } from './helper.js'

const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday 10:00 in Gainesville
const GAINESVILLE = CLINICS[0]!.uid
const PATIENT = randomUUID()

const booking = (typeId: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Margaret',
  last_name: 'Hill',
  email: 'Margaret.Hill@example.com',
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

t.test("a patient's page lists their appointments: booked signed in, and signed out with their address; staff only", async (t) => {
  const config = await testConfig(t, { PUBLIC_URL: 'https://clinic.example' })
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => NOW })
  t.teardown(() => app.close())
  const as = async (sub: string, role: string) => ({ authorization: `Bearer ${await signer.sign({ sub, role })}` })
  const staff = await as(randomUUID(), 'staff')
  const patient = await as(PATIENT, 'customer')
  const type = (await app.db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE).where('name', '=', 'Hearing Evaluation').executeTakeFirstOrThrow()).id

  t.equal((await app.inject({ method: 'POST', url: '/bookings', headers: patient, payload: booking(type, { email: 'new.address@example.com' }) })).statusCode, 201)
  t.equal((await app.inject({ method: 'POST', url: '/bookings', payload: booking(type, { time: '13:00' }) })).statusCode, 201)
  t.equal((await app.inject({ method: 'POST', url: '/bookings', payload: booking(type, { date: '2026-12-01', time: '11:00', email: 'someone.else@example.com', phone: '(404) 555-0177', address_line1: '7 Elm Street' }) })).statusCode, 201)

  const url = `/admin/patient-appointments?user_id=${PATIENT}&email=margaret.hill@example.com`
  const res = await app.inject({ method: 'GET', url, headers: staff })
  t.equal(res.statusCode, 200)
  const list = res.json() as Array<{ appointment_time: string; email: string; sync_state: string }>
  t.same(list.map((a) => a.appointment_time).sort(), ['10:00', '13:00'], 'by id and by address (any case); not someone else’s')
  t.ok(list.every((a) => typeof a.sync_state === 'string'))
  const byIdOnly = (await app.inject({ method: 'GET', url: `/admin/patient-appointments?user_id=${PATIENT}`, headers: staff })).json() as unknown[]
  t.equal(byIdOnly.length, 1)

  t.equal((await app.inject({ method: 'GET', url, headers: patient })).statusCode, 403, 'a customer cannot')
  t.equal((await app.inject({ method: 'GET', url })).statusCode, 401)
  t.equal((await app.inject({ method: 'GET', url: '/admin/patient-appointments?user_id=nope', headers: staff })).statusCode, 400)
  t.equal((await app.inject({ method: 'GET', url: `/admin/patient-appointments?user_id=${PATIENT}&email=nope`, headers: staff })).statusCode, 400)
})
