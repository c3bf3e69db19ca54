import { randomUUID } from 'node:crypto'
import { testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { migrate, testConfig } from './helper.js'

const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday: the first bookable day is Friday 27 November
const GAINESVILLE = CLINICS[0]!.uid
const PATIENT = randomUUID()

async function setup(t: Parameters<typeof testConfig>[0]) {
  // Several requests from one test visitor on one day: above the per-visitor caps of booking-limits.ts.
  const config = await testConfig(t, { BOOKING_MAX_PENDING_PER_VISITOR: '20', BOOKING_MAX_PENDING_PER_DAY: '20' })
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => NOW })
  t.teardown(() => app.close())
  const db = app.db
  const type = await db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE).where('name', '=', 'Hearing Evaluation').executeTakeFirstOrThrow()
  const as = async (sub: string, role: string) => ({ authorization: `Bearer ${await signer.sign({ sub, role })}` })
  return { app, db, typeId: type.id, staff: await as(randomUUID(), 'staff'), patient: await as(PATIENT, 'customer') }
}

const booking = (typeId: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Dorothy',
  last_name: 'Vance',
  email: 'dorothy.vance@example.com',
  phone: '(770) 555-0131',
  location: GAINESVILLE,
  appointment_type_id: typeId,
  date: '2026-11-30',
  time: '10:00',
  address_line1: '7 Ridge Road',
  city: 'Gainesville',
  state: 'GA',
  zip_code: '30501',
  notes: 'Hearing self-check: 18 / 40 — mild to moderate.',
  ...overrides,
})

// 4 + 4 + 2 + 2 + 2 + 2 + 2 = 18: mild to moderate.
const ANSWERS = ['yes', 'sometimes', 'yes', 'no', 'sometimes', 'no', 'sometimes', 'sometimes', 'sometimes', 'no']

t.test('a booking from the self-check keeps its answers and the total scheduling computed; staff and the patient read them with the request', async (t) => {
  const { app, db, typeId, staff, patient } = await setup(t)
  const res = await app.inject({ method: 'POST', url: '/bookings', headers: patient, payload: booking(typeId, { hearing_self_check: { answers: ANSWERS } }) })
  t.equal(res.statusCode, 201, res.body)
  const row = await db.selectFrom('appointments').select(['hearing_check_answers', 'hearing_check_score']).executeTakeFirstOrThrow()
  t.same(row, { hearing_check_answers: ANSWERS, hearing_check_score: 18 }, 'stored: the answers and their total')

  const expected = { answers: ANSWERS, score: 18, band: 'mild-moderate' }
  const list = await app.inject({ url: '/admin/appointments', headers: staff })
  t.equal(list.statusCode, 200)
  t.same(list.json()[0].hearing_self_check, expected, 'the Appointments tab')
  const day = await app.inject({ url: '/admin/schedule?from=2026-11-30', headers: staff })
  t.same(day.json()[0].hearing_self_check, expected, 'the schedule')
  const mine = await app.inject({ url: '/me/appointments', headers: patient })
  t.same(mine.json().upcoming[0].hearing_self_check, expected, "the patient's own appointments")

  // A booking without a self-check has none.
  const plain = await app.inject({ method: 'POST', url: '/bookings', payload: booking(typeId, { time: '13:00', email: 'someone@example.com' }) })
  t.equal(plain.statusCode, 201)
  const again = (await app.inject({ url: '/admin/appointments', headers: staff })).json() as Array<{ id: string; hearing_self_check: unknown }>
  t.equal(again.find((a) => a.id === plain.json().id)?.hearing_self_check, null)
})

t.test('the edges of the scale are scored by scheduling, whatever the page showed', async (t) => {
  const { app, staff, typeId } = await setup(t)
  const cases: Array<[string, string[], number, string]> = [
    ['all no', Array(10).fill('no'), 0, 'none'],
    ['all yes', Array(10).fill('yes'), 40, 'significant'],
    ['8 points', ['yes', 'yes', ...Array(8).fill('no')], 8, 'none'],
    ['10 points', ['yes', 'yes', 'sometimes', ...Array(7).fill('no')], 10, 'mild-moderate'],
    ['24 points', [...Array(6).fill('yes'), ...Array(4).fill('no')], 24, 'mild-moderate'],
    ['26 points', [...Array(6).fill('yes'), 'sometimes', ...Array(3).fill('no')], 26, 'significant'],
  ]
  const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00']
  for (const [i, [what, answers]] of cases.entries()) {
    const res = await app.inject({ method: 'POST', url: '/bookings', payload: booking(typeId, { time: times[i], email: `edge${i}@example.com`, hearing_self_check: { answers } }) })
    t.equal(res.statusCode, 201, `${what}: ${res.body}`)
  }
  const list = (await app.inject({ url: '/admin/appointments', headers: staff })).json() as Array<{ email: string; hearing_self_check: { score: number; band: string } }>
  for (const [i, [what, , score, band]] of cases.entries()) {
    t.match(list.find((a) => a.email === `edge${i}@example.com`)?.hearing_self_check, { score, band }, what)
  }
})

t.test('bad self-check answers are a 400 naming what is wrong, and a score sent by the client is refused; nothing is stored', async (t) => {
  const { app, db, typeId } = await setup(t)
  const cases: Array<[string, unknown, RegExp]> = [
    ['nine answers', { answers: ANSWERS.slice(0, 9) }, /hearing_self_check\.answers: must be the 10 answers, in order/],
    ['eleven answers', { answers: [...ANSWERS, 'no'] }, /hearing_self_check\.answers: must be the 10 answers/],
    ['an answer of its own', { answers: [...ANSWERS.slice(0, 9), 'maybe'] }, /hearing_self_check\.answers\.9: must be one of yes, sometimes, no/],
    ['a number for an answer', { answers: [...ANSWERS.slice(0, 9), 4] }, /hearing_self_check\.answers\.9/],
    ['no answers', {}, /hearing_self_check\.answers/],
    ['answers as text', { answers: 'yes,no' }, /hearing_self_check\.answers/],
    ['a score of its own', { answers: ANSWERS, score: 2 }, /hearing_self_check.*score/],
    ['a band of its own', { answers: ANSWERS, band: 'none' }, /hearing_self_check.*band/],
    ['not an object', 'yes', /hearing_self_check/],
  ]
  for (const [what, check, message] of cases) {
    const res = await app.inject({ method: 'POST', url: '/bookings', payload: booking(typeId, { hearing_self_check: check }) })
    t.equal(res.statusCode, 400, what)
    t.match(res.json().message, message, what)
  }
  t.equal((await db.selectFrom('appointments').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n, '0', 'nothing stored')
})
