import { CLINICS } from '@hearing/contracts'
import { sql } from 'kysely'
import t from 'tap'
import { build } from './helper.js'

const gainesville = CLINICS[0]!.uid
const USER_ID = '6f1c1a52-1d55-4a0e-9b7e-2f0a7c1e9d11'
const order = (email: string, phone: string) => ({ first_name: 'Ada', last_name: 'Lovelace', email, phone, location_uid: gainesville, items: [{ id: 'oticon-intent-1', quantity: 1 }] })

t.test('identity gets a person’s order requests and has them erased; a fitting is kept for the accounts without who', async (t) => {
  const { app, db, config } = await build(t)
  for (const body of [order('ada@example.com', '(770) 555-0101'), order('charles@example.com', '770 555 0101'), order('bob@example.com', '(770) 555-0177')]) {
    t.equal((await app.inject({ method: 'POST', url: '/orders', payload: body })).statusCode, 201)
  }
  // The first one ended in a fitting: the practice's sale. Staff noted things about it, and about Bob's.
  await db.updateTable('order_requests').set({ status: 'fitted' }).where('email', '=', 'ada@example.com').execute()
  for (const row of await db.selectFrom('order_requests').select(['id', 'email']).execute()) {
    await db.insertInto('order_notes').values({ order_id: row.id, author_id: 'staff-1', author_name: 'Dana', text: `Called ${row.email} about the fitting` }).execute()
  }

  const headers = { 'x-internal-token': config.INTERNAL_TOKEN }
  const subject = { user_id: USER_ID, emails: ['ADA@example.com'], phones: ['7705550101'] }
  const exported = await app.inject({ method: 'POST', url: '/internal/personal-data/export', headers, payload: subject })
  t.equal(exported.statusCode, 200)
  const records = exported.json().sections[0].records as Array<Record<string, unknown>>
  t.equal(records.length, 1, 'by address; not a household member on the same phone, not the other customer')
  t.match(records[0], { clinic: 'Gainesville', total_cents: 319900, items: [{ id: 'oticon-intent-1' }] })

  const erased = await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: subject })
  t.equal(erased.statusCode, 200)
  t.match(erased.json(), { service: 'catalogue', erased: 2, kept: [{ kind: 'fitted-orders', count: 1 }] }, 'the outbox items of her order gone; the sale kept')
  t.same(erased.json().found.emails, ['ada@example.com'])
  const left = await db.selectFrom('order_requests').selectAll().orderBy('created_at').execute()
  t.match(left, [{ status: 'fitted', user_id: null, first_name: 'Former', email: '', phone: '', total_cents: 319900 }, { email: 'charles@example.com' }, { email: 'bob@example.com' }])
  const notes = (await db.selectFrom('order_notes').select('text').execute()).map((n) => n.text)
  t.same(notes.sort(), ['Called bob@example.com about the fitting', 'Called charles@example.com about the fitting'], "staff's notes about the person go with their details, even on the sale kept")
  const outbox = JSON.stringify((await sql`select payload from outbox`.execute(db)).rows).toLowerCase()
  t.notOk(outbox.includes('ada@'), 'nothing of the person is left to hand over')
  t.ok(outbox.includes('bob@example.com') && outbox.includes('charles@example.com'))
  t.equal((await app.inject({ method: 'POST', url: '/internal/personal-data/erase', payload: subject })).statusCode, 403, 'the service credential is required')
})
