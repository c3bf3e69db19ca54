import { isDeepStrictEqual } from 'node:util'
import t, { type Test } from 'tap'
import { randomUUID } from 'node:crypto'
import { identityFake } from '@hearing/infra/testing'
import { sql } from 'kysely'
import { CLINICS, clinicToday, locationName } from '@hearing/contracts'
import { build } from './helper.js'

const gainesville = CLINICS[0]!
const contact = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '(770) 555-0101', location_uid: gainesville.uid }

async function setUp(t: Test) {
  const built = await build(t)
  const staffId = randomUUID()
  const fake = await identityFake()
  fake.staff = [{ id: staffId, name: 'Sam Front-Desk', role: 'staff' }]
  const staff = await built.signer.sign({ sub: staffId, role: 'staff' })
  const customerId = randomUUID()
  const customer = await built.signer.sign({ sub: customerId, role: 'customer' })
  const order = await built.app.inject({ method: 'POST', url: '/orders', headers: { authorization: `Bearer ${customer}` }, payload: { ...contact, items: [{ id: 'oticon-intent-1', quantity: 1 }] } })
  t.equal(order.statusCode, 201)
  return { ...built, staff, staffId, customer, customerId, orderId: order.json().id as string }
}

const as = (token: string) => ({ authorization: `Bearer ${token}` })

t.test('staff keep notes on an order request: signed by name, listed with the order, never shown to the customer; audited', async (t) => {
  const { app, db, staff, staffId, customer, customerId, orderId } = await setUp(t)
  const url = `/orders/${orderId}/notes`
  const added = await app.inject({ method: 'POST', url, headers: as(staff), payload: { text: '  Called, left a voicemail.\nTry again Friday <b>am</b>.  ' } })
  t.equal(added.statusCode, 201)
  t.match(added.json().note, { author_id: staffId, author_name: 'Sam Front-Desk', text: 'Called, left a voicemail.\nTry again Friday <b>am</b>.' }, 'trimmed, kept as plain text')

  const list = await app.inject({ method: 'GET', url: '/orders', headers: as(staff) })
  t.same(
    list.json().orders[0].notes.map((n: { text: string; author_name: string }) => [n.author_name, n.text]),
    [['Sam Front-Desk', 'Called, left a voicemail.\nTry again Friday <b>am</b>.']],
  )
  const mine = await app.inject({ method: 'GET', url: '/orders/mine', headers: as(customer) })
  t.notOk('notes' in mine.json().orders[0], 'the customer never reads staff notes')

  await app.audit.settled()
  const { rows } = await sql<{ action: string; record_id: string; patient_id: string; outcome: number }>`select action, record_id, patient_id, outcome from audit.events where action = 'order.note'`.execute(db)
  t.same(rows, [{ action: 'order.note', record_id: orderId, patient_id: customerId, outcome: 201 }])
})

t.test('notes: a customer gets 403, bad input 400 naming the field, an unknown order 404, someone identity does not list as staff 403', async (t) => {
  const { app, signer, staff, customer, orderId } = await setUp(t)
  const url = `/orders/${orderId}/notes`
  t.equal((await app.inject({ method: 'POST', url, payload: { text: 'x' } })).statusCode, 401)
  t.equal((await app.inject({ method: 'POST', url, headers: as(customer), payload: { text: 'x' } })).statusCode, 403)
  for (const [payload, message] of [
    [{ text: '   ' }, /Write the note first/],
    [{ text: 'x'.repeat(2001) }, /text/],
    [{ text: 'evil\u202Etxt' }, /text-direction/],
    [{ text: 'ok', pinned: true }, /pinned/],
    [{}, /text/],
  ] as const) {
    const res = await app.inject({ method: 'POST', url, headers: as(staff), payload })
    t.equal(res.statusCode, 400, JSON.stringify(payload))
    t.match(res.json().message, message)
  }
  t.equal((await app.inject({ method: 'POST', url: '/orders/not-an-id/notes', headers: as(staff), payload: { text: 'x' } })).statusCode, 400)
  t.equal((await app.inject({ method: 'POST', url: `/orders/${randomUUID()}/notes`, headers: as(staff), payload: { text: 'x' } })).statusCode, 404)
  const stranger = await signer.sign({ sub: randomUUID(), role: 'staff' })
  t.equal((await app.inject({ method: 'POST', url, headers: as(stranger), payload: { text: 'x' } })).statusCode, 403, 'a token identity no longer lists as staff')
})

t.test('the CSV export: every matching order request, each cell quoted, formulas defused, filtered like the list; audited as an export', async (t) => {
  const { app, db, staff, customer, orderId } = await setUp(t)
  // A row from elsewhere (an older import, a changed rule) whose text would run in a spreadsheet.
  await db
    .insertInto('order_requests')
    .values({ first_name: '=HYPERLINK("http://evil.example","x")', last_name: '@SUM(A1)', email: '+1@example.com', phone: '-2+3', location_uid: gainesville.uid, items: JSON.stringify([{ id: 'x', title: 'Aid "Pro"', unit_price_cents: 100, quantity: 1 }]), total_cents: 100, status: 'fitted' })
    .execute()
  await app.inject({ method: 'POST', url: `/orders/${orderId}/notes`, headers: as(staff), payload: { text: 'Prefers mornings, "after 9"' } })

  t.equal((await app.inject({ method: 'GET', url: '/orders.csv' })).statusCode, 401)
  t.equal((await app.inject({ method: 'GET', url: '/orders.csv', headers: as(customer) })).statusCode, 403)
  t.equal((await app.inject({ method: 'GET', url: '/orders.csv?status=shipped', headers: as(staff) })).statusCode, 400)
  t.equal((await app.inject({ method: 'GET', url: '/orders.csv?from=yesterday', headers: as(staff) })).statusCode, 400)
  t.equal((await app.inject({ method: 'GET', url: '/orders.csv?limit=5', headers: as(staff) })).statusCode, 400, 'unknown parameters are refused')

  const csv = await app.inject({ method: 'GET', url: '/orders.csv', headers: as(staff) })
  t.equal(csv.statusCode, 200)
  t.match(csv.headers['content-type'], /^text\/csv; charset=utf-8/)
  t.match(csv.headers['content-disposition'], /^attachment; filename="order-requests-\d{4}-\d{2}-\d{2}\.csv"$/)
  const lines = csv.body.split('\r\n')
  t.equal(lines[0], '"order id","received","status","first name","last name","email","phone","clinic","items","total","notes"')
  t.equal(lines.length, 4, 'header, two orders, the final CRLF')
  const evil = lines.find((l) => l.includes('HYPERLINK'))!
  t.match(evil, `"'=HYPERLINK(""http://evil.example"",""x"")","'@SUM(A1)","'+1@example.com","'-2+3","${locationName(gainesville)}","1 × Aid ""Pro""","$1.00"`)
  const ada = lines.find((l) => l.includes('"Ada"'))!
  t.match(ada, /,"\d{4}-\d{2}-\d{2}T[\d:.]+Z Sam Front-Desk: Prefers mornings, ""after 9"""$/, 'the notes, when and by whom, quotes doubled')

  const fitted = await app.inject({ method: 'GET', url: '/orders.csv?status=fitted', headers: as(staff) })
  t.equal(fitted.body.trim().split('\r\n').length, 2, 'only the fitted one')
  const listed = await app.inject({ method: 'GET', url: '/orders?status=new', headers: as(staff) })
  t.same(listed.json().orders.map((o: { id: string }) => o.id), [orderId], 'the list takes the same filters')
  const future = await app.inject({ method: 'GET', url: '/orders.csv?from=2999-01-01', headers: as(staff) })
  t.equal(future.body, '"order id","received","status","first name","last name","email","phone","clinic","items","total","notes"\r\n', 'nothing after the from day')
  const today = clinicToday()
  t.equal((await app.inject({ method: 'GET', url: `/orders.csv?from=${today}&to=${today}`, headers: as(staff) })).body.trim().split('\r\n').length, 3, "today's, in the clinics' time zone")

  await app.audit.settled()
  const { rows } = await sql<{ detail: string; outcome: number }>`select detail, outcome from audit.events where action = 'order.export' and outcome = 200 order by seq`.execute(db)
  // The trail is written after each answer: exports made one after the other may be stored in either order.
  const details = rows.map((r) => JSON.parse(r.detail) as Record<string, unknown>)
  t.ok(details.some((d) => isDeepStrictEqual(d, { rows: 2 })), 'the unfiltered export, with its row count')
  t.same(details.filter((d) => 'status' in d), [{ status: 'fitted', rows: 1 }], 'the filtered one, with its filter')
})
