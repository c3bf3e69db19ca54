import { randomUUID } from 'node:crypto'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { build } from './helper.js'

const contact = { first_name: 'Ada', last_name: 'Lovelace', email: 'Ada.Lovelace@example.com', phone: '(770) 555-0101', location_uid: CLINICS[0]!.uid }

t.test("a patient's page lists their order requests: placed signed in, and signed out with their address; staff only", async (t) => {
  const { app, signer } = await build(t)
  const patientId = randomUUID()
  const customer = { authorization: `Bearer ${await signer.sign({ sub: patientId, role: 'customer' })}` }
  const staff = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  const order = (headers: Record<string, string>, overrides: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/orders', headers, payload: { ...contact, items: [{ id: 'oticon-zircon-2', quantity: 1 }], ...overrides } })
  t.equal((await order(customer, { email: 'other.address@example.com', first_name: 'Signed' })).statusCode, 201)
  t.equal((await order({}, { first_name: 'Guest' })).statusCode, 201)
  t.equal((await order({}, { first_name: 'Stranger', email: 'stranger@example.com' })).statusCode, 201)

  const url = `/admin/patient-orders?user_id=${patientId}&email=ada.lovelace@example.com`
  const res = await app.inject({ method: 'GET', url, headers: staff })
  t.equal(res.statusCode, 200)
  t.same((res.json() as { orders: Array<{ first_name: string }> }).orders.map((o) => o.first_name), ['Guest', 'Signed'], 'newest first; by id and by address')
  t.equal((await app.inject({ method: 'GET', url, headers: customer })).statusCode, 403)
  t.equal((await app.inject({ method: 'GET', url })).statusCode, 401)
  t.equal((await app.inject({ method: 'GET', url: '/admin/patient-orders?email=ada.lovelace@example.com', headers: staff })).statusCode, 400, 'the account is required')
})
