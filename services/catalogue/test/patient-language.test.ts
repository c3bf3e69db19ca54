import { CLINICS, ORDER_STATUSES } from '@hearing/contracts'
import { loadMessageFiles, messageFileProblems } from '@hearing/service-kit'
import { sql } from 'kysely'
import t from 'tap'
import { MESSAGES_DIR } from '../src/orders.js'
import { build } from './helper.js'

// An order request made in Spanish keeps its language; its customer's e-mails are in Spanish.

const contact = { first_name: 'Lucía', last_name: 'Ramírez', email: 'lucia@example.com', phone: '(770) 555-0177', location_uid: CLINICS[0]!.uid }
type Email = { to: string; subject: string; text: string; html: string; kind: string }

t.test('every customer e-mail exists in English and Spanish, parses, and uses the same placeholders; every order status has its news', async (t) => {
  const files = loadMessageFiles(MESSAGES_DIR)
  t.same(messageFileProblems(files), [])
  for (const status of ORDER_STATUSES) t.ok(files.en[`status.${status}.subject`] && files.en[`status.${status}.body`], `${status} has a subject and a body`)
})

t.test('an order request in Spanish: kept with its language, staff see it, the receipt and the status e-mail are in Spanish', async (t) => {
  const { app, db, signer } = await build(t)
  const staff = { authorization: `Bearer ${await signer.sign({ sub: 'staff-1', role: 'staff' })}` }
  const created = await app.inject({ method: 'POST', url: '/orders', payload: { ...contact, language: 'es', items: [{ id: 'oticon-intent-1', quantity: 2 }] } })
  t.equal(created.statusCode, 201, created.body)
  const id = created.json().id as string
  const english = await app.inject({ method: 'POST', url: '/orders', payload: { ...contact, email: 'ada@example.com', first_name: 'Ada', items: [{ id: 'oticon-intent-1', quantity: 1 }] } })
  t.equal(english.statusCode, 201)

  const list = (await app.inject({ method: 'GET', url: '/orders', headers: staff })).json().orders as Array<{ id: string; language: string }>
  t.equal(list.find((o) => o.id === id)?.language, 'es', "staff's list says the customer's language")
  t.equal(list.find((o) => o.id === english.json().id)?.language, 'en', 'English without one')

  const emailOf = async (like: string) => (await sql<{ payload: Email }>`select payload from outbox where key like ${like}`.execute(db)).rows.map((r) => r.payload)
  const [receipt] = await emailOf(`order:${id}:confirmation`)
  t.equal(receipt?.subject, 'Recibimos su solicitud de pedido de audífonos')
  t.match(receipt!.text, /^Hola, Lucía:/)
  t.match(receipt!.text, '2 × Oticon Intent 1 ($3199.00 c/u)')
  t.match(receipt!.text, 'Total: $6398.00')
  t.match(receipt!.html, '<html lang="es">')
  const [clinicCopy] = (await sql<{ payload: { text: string } }>`select payload from outbox where key = ${`order:${id}:clinic`}`.execute(db)).rows
  t.match(clinicCopy!.payload.text, '($3199.00 each)', "the clinic's message stays English")

  t.equal((await app.inject({ method: 'PATCH', url: `/orders/${id}`, headers: staff, payload: { status: 'fitted' } })).statusCode, 200)
  const [status] = await emailOf(`order:${id}:status:%`)
  t.equal(status?.subject, 'Sus audífonos ya están ajustados')
  t.match(status!.text, 'Sus audífonos ya están ajustados. Su clínica está a su disposición')
})

t.test('an order request with a language the site does not offer is a 400 that says so', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'POST', url: '/orders', payload: { ...contact, language: 'english', items: [{ id: 'oticon-intent-1', quantity: 1 }] } })
  t.equal(res.statusCode, 400)
  t.match(res.json().message, 'body.language: must be one of en, es')
})
