import pg from 'pg'
import t from 'tap'
import { stackFixture } from './support/stack.js'
import { stackDatabaseUrl } from './support/stack-traffic.js'

const ADMIN = { email: 'erasure.admin@example.com', password: 'Erasure-Admin-Passphrase-42' }
const PASSWORD = 'Copper-Kettle-Morning-17'
// Letters only, unlikely anywhere else: what the grep looks for besides the address and the phone.
const LAST_NAME = `Erasemeqz${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`
const FIRST_NAME = 'Perpetua'
const EMAIL = `${LAST_NAME.toLowerCase()}@example.com`
const PHONE = '(770) 555-0168'
const PHONE_DIGITS = '7705550168'

/** Every text-like column of every schema (the audit trail's too) holding the e-mail, the names or the phone. */
async function findPerson(client: pg.Client): Promise<string[]> {
  const { rows: columns } = await client.query<{ schema: string; table: string; column: string }>(`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where tb.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`)
  const hits: string[] = []
  for (const { schema, table, column } of columns) {
    const col = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}.${client.escapeIdentifier(column)}`
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}
       where strpos(lower(${col}::text), $1) > 0 or strpos(lower(${col}::text), $2) > 0 or strpos(lower(${col}::text), $3) > 0 or strpos(regexp_replace(${col}::text, '\\D', '', 'g'), $4) > 0`,
      [EMAIL, LAST_NAME.toLowerCase(), FIRST_NAME.toLowerCase(), PHONE_DIGITS],
    )
    if (rows[0]!.n > 0) hits.push(`${schema}.${table}.${column} (${rows[0]!.n})`)
  }
  return hits
}

t.test('after an account is deleted, its e-mail, phone and names are in no column of any schema; the address signs up again', async (t) => {
  const { dataDir, port, start } = await stackFixture(t, 'erasure', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_MAX: '100000' })
  await start()
  const base = `http://127.0.0.1:${port}`
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { origin: base, ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, text }
  }
  const signIn = async (email: string, password: string) => (await call('POST', '/api/identity/sign-in', { email, password })).json.access_token as string

  const admin = await signIn(ADMIN.email, ADMIN.password)
  const created = await call('POST', '/api/identity/admin/patients', { first_name: FIRST_NAME, last_name: LAST_NAME, email: EMAIL, phone: PHONE, password: PASSWORD }, admin)
  t.equal(created.status, 201, created.text)
  const patientId = created.json.id as string
  const patient = await signIn(EMAIL, PASSWORD)

  // Their data in every service: a booking (signed in), a contact message and an order request (signed out), a page view.
  const locations = (await call('GET', '/api/messaging/locations')).json as unknown as Array<{ uid: string; name: string }>
  const clinic = locations.find((l) => l.name === 'Gainesville')!.uid
  const types = (await call('GET', `/api/scheduling/appointment-types?location_uid=${clinic}`)).json as unknown as Array<{ id: string; name: string }>
  const window = (await call('GET', `/api/scheduling/booking-window?location_uid=${clinic}`)).json as { first_date: string; last_date: string; closed_dates: string[] }
  const day = new Date(`${window.first_date}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() + 14)
  while ([0, 6].includes(day.getUTCDay()) || window.closed_dates.includes(day.toISOString().slice(0, 10))) day.setUTCDate(day.getUTCDate() + 1)
  const booking = await call('POST', '/api/scheduling/bookings', { first_name: FIRST_NAME, last_name: LAST_NAME, email: EMAIL, phone: PHONE, location: clinic, appointment_type_id: types.find((ty) => ty.name === 'Hearing Evaluation')!.id, date: day.toISOString().slice(0, 10), time: '11:00', address_line1: '9 Pine Way', city: 'Gainesville', state: 'GA', zip_code: '30501', notes: `Call ${FIRST_NAME}` }, patient)
  t.equal(booking.status, 201, booking.text)
  t.equal((await call('POST', '/api/messaging/contact', { first_name: FIRST_NAME, last_name: LAST_NAME, phone: PHONE, location_uid: clinic, message: `Please write to ${EMAIL}` })).status, 202)
  const order = await call('POST', '/api/catalogue/orders', { first_name: FIRST_NAME, last_name: LAST_NAME, email: EMAIL, phone: PHONE, location_uid: clinic, items: [{ id: 'oticon-zircon-2', quantity: 1 }] })
  t.equal(order.status, 201, order.text)
  t.equal((await call('POST', '/api/content/events', { type: 'page_view', route: '/profile', path: '/profile' }, patient)).status, 202)

  const client = new pg.Client({ connectionString: stackDatabaseUrl(dataDir) })
  await client.connect()
  t.teardown(() => client.end())
  // The producers' e-mails and messages reach messaging-sync first: the grep must find them there before the deletion.
  const deadline = Date.now() + 60_000
  let before: string[] = []
  while (Date.now() < deadline) {
    before = await findPerson(client)
    if (['messaging.deliveries', 'identity.users', 'scheduling.appointments', 'catalogue.order_requests'].every((table) => before.some((hit) => hit.startsWith(table)))) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  t.ok(before.some((hit) => hit.startsWith('messaging.deliveries')), `the person is found before the deletion: ${before.join(', ')}`)

  const erased = await call('POST', `/api/identity/admin/users/${patientId}/erase`, undefined, admin)
  t.equal(erased.status, 200, erased.text)
  t.match(erased.json, { status: 'completed', pending: [] })

  t.same(await findPerson(client), [], 'no column of any schema holds the e-mail, the phone or the names')
  const again = await call('POST', '/api/identity/sign-up', { first_name: FIRST_NAME, last_name: LAST_NAME, email: EMAIL, phone: PHONE, password: PASSWORD, preferred_location_uid: clinic })
  t.equal(again.status, 201, again.text)
})
