import t from 'tap'
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { CLINICS } from '@hearing/contracts'
import { build } from './helper.js'

const gainesville = CLINICS[0]!.uid
const contact = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '(770) 555-0101', location_uid: gainesville }

t.test('POST /orders prices the cart from the catalogue and stores the request with its outbox rows', async (t) => {
  const { app, db } = await build(t)
  const res = await app.inject({
    method: 'POST',
    url: '/orders',
    payload: { ...contact, items: [{ id: 'oticon-intent-1', quantity: 2 }, { id: 'signia-silk-charge-go-ix', quantity: 1 }] },
  })
  t.equal(res.statusCode, 201)
  t.equal(res.json().total, '$8397.00', '2 × 3199 + 1999')
  const row = await db.selectFrom('order_requests').selectAll().executeTakeFirstOrThrow()
  t.equal(row.total_cents, 839700)
  t.equal(row.status, 'new')
  const { rows } = await sql<{ topic: string; key: string; payload: { to?: string; kind?: string; location_uid?: string } }>`select topic, key, payload from outbox order by topic`.execute(db)
  t.same(rows.map((r) => r.topic), ['email', 'message'])
  t.equal(rows[0]!.payload.to, 'ada@example.com')
  t.equal(rows[1]!.payload.kind, 'order')
  t.equal(rows[1]!.payload.location_uid, gainesville)
  t.equal(row.phone, '+17705550101', 'the phone in E.164')
})

t.test('a price sent by the client is refused and cannot change a stored total', async (t) => {
  const { app, db } = await build(t)
  const tampered = await app.inject({
    method: 'POST',
    url: '/orders',
    payload: { ...contact, items: [{ id: 'oticon-intent-1', quantity: 1, price: '$1.00' }] },
  })
  t.equal(tampered.statusCode, 400)
  t.match(tampered.json().message, /price/)
  const extraTotal = await app.inject({ method: 'POST', url: '/orders', payload: { ...contact, total: '$1.00', items: [{ id: 'oticon-intent-1', quantity: 1 }] } })
  t.equal(extraTotal.statusCode, 400)
  t.equal((await db.selectFrom('order_requests').select('id').execute()).length, 0, 'nothing stored')
})

t.test('bad input is a 400 naming the field; unknown products too', async (t) => {
  const { app } = await build(t)
  const cases: Array<[object, RegExp]> = [
    [{ ...contact, items: [] }, /Your cart is empty/],
    [{ ...contact, email: 'nope', items: [{ id: 'oticon-intent-1', quantity: 1 }] }, /email/],
    [{ ...contact, items: [{ id: 'oticon-intent-1', quantity: 0 }] }, /quantity/],
    [{ ...contact, items: [{ id: 'no-such-aid', quantity: 1 }] }, /unknown product/],
    [{ ...contact, phone: '', items: [{ id: 'oticon-intent-1', quantity: 1 }] }, /phone/],
  ]
  for (const [payload, message] of cases) {
    const res = await app.inject({ method: 'POST', url: '/orders', payload })
    t.equal(res.statusCode, 400)
    t.match(res.json().message, message)
  }
})

t.test('only staff and admins list and update order requests; customers see their own', async (t) => {
  const { app, db, signer } = await build(t)
  const customer = await signer.sign({ sub: 'user-1', role: 'customer' })
  const staff = await signer.sign({ sub: 'staff-1', role: 'staff' })
  const created = await app.inject({
    method: 'POST',
    url: '/orders',
    headers: { authorization: `Bearer ${customer}` },
    payload: { ...contact, items: [{ id: 'phonak-audeo-lumity-70', quantity: 1 }] },
  })
  t.equal(created.statusCode, 201)
  await app.inject({ method: 'POST', url: '/orders', payload: { ...contact, first_name: 'Later', items: [{ id: 'oticon-zircon-2', quantity: 1 }] } })

  t.equal((await app.inject({ method: 'GET', url: '/orders' })).statusCode, 401)
  t.equal((await app.inject({ method: 'GET', url: '/orders', headers: { authorization: `Bearer ${customer}` } })).statusCode, 403)
  const list = await app.inject({ method: 'GET', url: '/orders', headers: { authorization: `Bearer ${staff}` } })
  t.equal(list.statusCode, 200)
  const orders = list.json().orders as Array<{ id: string; first_name: string; total: string }>
  t.same(orders.map((o) => o.first_name), ['Later', 'Ada'], 'newest first')

  const mine = await app.inject({ method: 'GET', url: '/orders/mine', headers: { authorization: `Bearer ${customer}` } })
  t.same((mine.json().orders as Array<{ id: string }>).map((o) => o.id), [created.json().id])

  const id = created.json().id as string
  const patchUrl = `/orders/${id}`
  t.equal((await app.inject({ method: 'PATCH', url: patchUrl, headers: { authorization: `Bearer ${customer}` }, payload: { status: 'fitted' } })).statusCode, 403)
  t.equal((await app.inject({ method: 'PATCH', url: patchUrl, headers: { authorization: `Bearer ${staff}` }, payload: { status: 'shipped' } })).statusCode, 400)
  const contacted = await app.inject({ method: 'PATCH', url: patchUrl, headers: { authorization: `Bearer ${staff}` }, payload: { status: 'contacted' } })
  t.equal(contacted.statusCode, 200)
  t.same(contacted.json(), { emailed: true })
  const after = await app.inject({ method: 'GET', url: '/orders/mine', headers: { authorization: `Bearer ${customer}` } })
  t.equal(after.json().orders[0].status, 'contacted')
  const same = await app.inject({ method: 'PATCH', url: patchUrl, headers: { authorization: `Bearer ${staff}` }, payload: { status: 'contacted' } })
  t.same(same.json(), { emailed: false }, 'no change, no e-mail')
  const { rows } = await sql<{ payload: { to: string; subject: string; text: string; kind: string } }>`select payload from outbox where key like ${`order:${id}:status:%`}`.execute(db)
  t.equal(rows.length, 1, 'one e-mail for the one change')
  t.match(rows[0]!.payload, { to: contact.email, kind: 'order-status', subject: 'Your clinic has been in touch about your hearing aid order request' })
  t.match(rows[0]!.payload.text, /^Hello Ada,/)
  t.equal((await app.inject({ method: 'PATCH', url: `/orders/${randomUUID()}`, headers: { authorization: `Bearer ${staff}` }, payload: { status: 'fitted' } })).statusCode, 404)
})
