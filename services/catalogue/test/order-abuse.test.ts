import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import t from 'tap'
import { CLINICS } from '@hearing/contracts'
import { build, testConfig } from './helper.js'

/** What an anonymous visitor could make an order request do. */

const victim = { first_name: 'Ada', last_name: 'Lovelace', email: 'victim@example.com', phone: '(770) 555-0101', location_uid: CLINICS[0]!.uid }
const oneAid = [{ id: 'oticon-intent-1', quantity: 1 }]
type App = Awaited<ReturnType<typeof build>>['app']
const order = (app: App, payload: object, from = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/orders', headers: { 'x-forwarded-for': from }, payload: { ...victim, items: oneAid, ...payload } })

async function outbox(db: Awaited<ReturnType<typeof build>>['db']) {
  const { rows } = await sql<{ topic: string; payload: { to?: string; text?: string; subject?: string } }>`select topic, payload from outbox order by id`.execute(db)
  return { emails: rows.filter((r) => r.topic === 'email'), messages: rows.filter((r) => r.topic === 'message') }
}

t.test("a name that is not a name is refused: nothing reaches anyone's inbox", async (t) => {
  const { app, db } = await build(t)
  const names = ['Visit http://phish.example/x', 'Visit phish.example', 'Eve\r\nBcc: victim@example.com', 'Eve\nBcc', 'Bob\u202Enimda', 'Ann\u2066x', 'Zoë\u200B', 'Call 4045550199', 'A'.repeat(51), '--', "'.'"]
  for (const name of names) {
    for (const field of ['first_name', 'last_name']) {
      const res = await order(app, { [field]: name })
      t.equal(res.statusCode, 400, `${field} ${JSON.stringify(name)} is refused`)
      t.match(res.json().message, new RegExp(`body\\.${field}: `))
    }
  }
  t.equal((await db.selectFrom('order_requests').select('id').execute()).length, 0, 'nothing stored')
  t.same(await outbox(db), { emails: [], messages: [] }, 'no e-mail, no clinic message')

  // Real names, with the punctuation and letters people have, still go through.
  for (const name of ["O'Brien", 'Anne-Marie', 'J. R.', 'Zoë', 'José María', 'St. John', 'D’Angelo']) {
    t.equal((await order(app, { first_name: name }, `198.51.100.${name.length}`)).statusCode, 201, `${name} is a name`)
  }
})

t.test('a phone with a line break or text around it, and an unknown clinic, are refused', async (t) => {
  const { app, db } = await build(t)
  const cases: Array<[object, RegExp]> = [
    [{ phone: '(770) 555-0101\r\nBcc: victim@example.com' }, /body\.phone: must be a valid US phone number/],
    [{ phone: '770 555 0101 call now' }, /body\.phone/],
    [{ phone: '12' }, /body\.phone/],
    [{ location_uid: 'gainesville' }, /body\.location_uid: choose one of our clinics/],
    [{ location_uid: '00000000-0000-4000-8000-000000000000' }, /body\.location_uid/],
    [{ email: 'victim@example.com\r\nBcc: other@example.com' }, /body\.email/],
  ]
  for (const [payload, message] of cases) {
    const res = await order(app, payload)
    t.equal(res.statusCode, 400, JSON.stringify(payload))
    t.match(res.json().message, message)
  }
  t.equal((await db.selectFrom('order_requests').select('id').execute()).length, 0, 'nothing stored')
})

t.test('lines of one product are merged, then held to 4 of a product and 8 in an order', async (t) => {
  const { app, db } = await build(t)
  const twentyLines = await order(app, { items: Array.from({ length: 20 }, () => ({ id: 'oticon-intent-1', quantity: 10 })) })
  t.equal(twentyLines.statusCode, 400, 'the same product on 20 lines of 10')
  const split = await order(app, { items: [{ id: 'oticon-intent-1', quantity: 3 }, { id: 'oticon-intent-1', quantity: 2 }] })
  t.equal(split.statusCode, 400, '3 + 2 of one product is 5')
  t.match(split.json().message, /body\.items: at most 4 of one product/)
  const many = await order(app, { items: ['oticon-intent-1', 'oticon-zircon-2', 'signia-silk-charge-go-ix'].map((id) => ({ id, quantity: 3 })) })
  t.equal(many.statusCode, 400, '9 hearing aids')
  t.match(many.json().message, /body\.items: at most 8 hearing aids/)
  t.equal((await db.selectFrom('order_requests').select('id').execute()).length, 0, 'nothing stored')

  const pair = await order(app, { items: [{ id: 'oticon-intent-1', quantity: 1 }, { id: 'oticon-intent-1', quantity: 1 }] })
  t.equal(pair.statusCode, 201, 'a pair on two lines')
  const row = await db.selectFrom('order_requests').selectAll().executeTakeFirstOrThrow()
  t.same(row.items.map((i) => [i.id, i.quantity]), [['oticon-intent-1', 2]], 'one merged line')
})

t.test("15 order requests from one address for a stranger's e-mail: 5 stored, 2 e-mails", async (t) => {
  const { app, db } = await build(t)
  const answers = []
  for (let i = 0; i < 15; i++) answers.push(await order(app, {}))
  const codes = answers.map((r) => r.statusCode)
  t.same(codes, [...Array(5).fill(201), ...Array(10).fill(429)], 'five go through, then 429')
  const refused = answers[5]!
  t.ok(Number(refused.headers['retry-after']) > 3500, `Retry-After ${refused.headers['retry-after']} s`)
  t.match(refused.json().message, /Too many order requests from your network\. Please call your clinic, or try again in about \d+ minutes\./)
  const { emails, messages } = await outbox(db)
  t.equal((await db.selectFrom('order_requests').select('id').execute()).length, 5)
  t.equal(messages.length, 5, 'the clinic hears of every stored request')
  t.equal(emails.length, 2, 'the recipient gets two confirmations, not fifteen')
  t.same(emails.map((e) => e.payload.to), ['victim@example.com', 'victim@example.com'])
  t.match(emails[0]!.payload.text, /^Hello Ada,\n/)
  t.notMatch(emails[0]!.payload.text, /555|\+1770/, 'the phone typed is not repeated to the address typed')
})

t.test('the recipient limit holds across client addresses and across letter case', async (t) => {
  const { app, db } = await build(t)
  const codes = []
  for (let i = 0; i < 10; i++) codes.push((await order(app, { email: i % 2 ? 'Victim@Example.com' : 'victim@example.com' }, `198.51.100.${i + 1}`)).statusCode)
  t.same(codes, Array(10).fill(201), 'each address may order: a patient is never refused for what someone else did with their e-mail')
  const { emails, messages } = await outbox(db)
  t.equal(messages.length, 10)
  t.equal(emails.length, 2, 'two confirmations a day to one recipient')
})

t.test('Redis down: the address limit is counted in the process and the recipient cap in PostgreSQL', async (t) => {
  const { app, db } = await build(t, await testConfig(t, { QUEUE_PREFIX: `test-${randomUUID()}`, REDIS_URL: 'redis://127.0.0.1:9' }))
  const codes = []
  for (let i = 0; i < 12; i++) codes.push((await order(app, {})).statusCode)
  t.same(codes, [...Array(5).fill(201), ...Array(7).fill(429)], 'five go through, then 429, as with Redis')
  const { emails, messages } = await outbox(db)
  t.equal(messages.length, 5)
  t.equal(emails.length, 2, 'the stranger still gets two confirmations, not twelve')
})
