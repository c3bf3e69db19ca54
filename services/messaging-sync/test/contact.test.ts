import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { build, parseMail, startSmtpSink, testConfig, waitFor } from './helper.js'

type Built = Awaited<ReturnType<typeof build>>

const GAINESVILLE = CLINICS[0]!.uid

const form = (over: Record<string, unknown> = {}) => ({
  first_name: 'Ana',
  last_name: 'Muñoz',
  phone: '(770) 555-0142',
  location_uid: GAINESVILLE,
  message: 'Do you fit hearing aids on Saturdays?',
  ...over,
})

const send = (built: Built, body: unknown, address = '203.0.113.7') =>
  built.app.inject({ method: 'POST', url: '/contact', headers: { 'x-forwarded-for': address }, payload: body as object })

async function inbox(built: Built, role: string | null) {
  const headers = role ? { authorization: `Bearer ${await built.signer.sign({ sub: `${role}-1`, role })}` } : {}
  return built.app.inject({ method: 'GET', url: '/admin/inbox', headers })
}

t.test('a contact message is committed before the 202, delivered, and read by staff in the inbox', async (t) => {
  const built = await build(t)
  const res = await send(built, form())
  t.equal(res.statusCode, 202)
  const { id } = res.json() as { id: string }
  const row = await built.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  t.match(row, { topic: 'message', source: 'messaging-sync' }, 'stored when answered')
  const payload = row.payload as { text: string; phone: string }
  t.equal(payload.phone, '+17705550142', 'the phone in E.164')
  t.ok(payload.text.startsWith('Hi Ana, thank you for contacting North Georgia Hearing Care!'), 'starts with the greeting by first name')
  t.match(payload.text, /Message: Do you fit hearing aids on Saturdays\?/)
  await waitFor('kept by the local provider', async () => (await built.db.selectFrom('deliveries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status === 'local')

  const staff = await inbox(built, 'staff')
  t.equal(staff.statusCode, 200, 'staff may read the inbox')
  t.equal(staff.headers['cache-control'], 'no-store')
  t.match(staff.json(), [{ id, kind: 'contact', first_name: 'Ana', last_name: 'Muñoz', phone: '+17705550142', location_name: 'Gainesville', status: 'local', handled_at: null }])
  t.equal((await inbox(built, 'admin')).statusCode, 200, 'admins too')
  t.equal((await inbox(built, 'customer')).statusCode, 403, 'not customers')
  t.equal((await inbox(built, null)).statusCode, 401, 'not anonymous callers')

  const token = await built.signer.sign({ sub: 'staff-1', role: 'staff' })
  const mark = (handled: unknown, who = token, target = id) =>
    built.app.inject({ method: 'PATCH', url: `/admin/inbox/${target}`, headers: { authorization: `Bearer ${who}` }, payload: { handled } })
  const marked = await mark(true)
  t.equal(marked.statusCode, 200)
  t.ok((marked.json() as { handled_at: string }).handled_at, 'marked handled')
  t.ok(((await inbox(built, 'staff')).json() as Array<{ handled_at: string | null }>)[0]!.handled_at)
  t.equal((await mark(false)).json().handled_at, null, 'and unmarked')
  t.equal((await mark('yes')).statusCode, 400, 'handled must be a boolean')
  t.equal((await mark(true, token, 'not-an-id')).statusCode, 400, 'a bad id is a 400')
  t.equal((await mark(true, token, '00000000-0000-4000-8000-000000000000')).statusCode, 404)
  t.equal((await mark(true, await built.signer.sign({ sub: 'c', role: 'customer' }))).statusCode, 403)
})

t.test('every field is checked, with a clear 400, and nothing is stored', async (t) => {
  const built = await build(t)
  const cases: Array<[string, unknown, RegExp]> = [
    ['no first name', form({ first_name: '' }), /First name is required/],
    ['first name missing', { ...form(), first_name: undefined }, /First name is required/],
    ['no last name', form({ last_name: '   ' }), /Last name is required/],
    ['a name with a right-to-left override', form({ last_name: 'Smith\u202Eevil' }), /Last name may contain only letters, spaces, hyphens, apostrophes and periods/],
    ['a link for a name (the reply greets by it)', form({ first_name: 'Visit http://phish.example/x' }), /First name may contain only letters/],
    ['a web address for a name', form({ first_name: 'Visit phish.example' }), /First name must be a name, not a web address/],
    ['a name with a line break', form({ first_name: 'Eve\r\nBcc: victim@example.com' }), /First name may contain only letters/],
    ['a phone with a line break', form({ phone: '(770) 555-0142\r\nBcc: victim@example.com' }), /valid US phone number/],
    ['a long name', form({ first_name: 'a'.repeat(51) }), /at most 50/],
    ['no phone', form({ phone: '' }), /Phone is required/],
    ['not a phone number', form({ phone: '12345' }), /valid US phone number/],
    ['a non-US number', form({ phone: '+44 20 7946 0958' }), /valid US phone number/],
    ['no location', form({ location_uid: '' }), /Preferred location is required/],
    ['an unknown location', form({ location_uid: 'elsewhere' }), /one of our clinics/],
    ['no message', form({ message: '' }), /Message is required/],
    ['a message over 5,000 characters', form({ message: 'm'.repeat(5001) }), /at most 5,000/],
    ['a NUL in the message', form({ message: 'hi\u0000' }), /message: must not contain the NUL character/],
    ['an unknown field', form({ email: 'x@example.com' }), /unknown field/],
  ]
  for (const [what, body, reason] of cases) {
    const res = await send(built, body)
    t.equal(res.statusCode, 400, what)
    t.match((res.json() as { message: string }).message, reason, `${what}: says why`)
  }
  t.equal((await built.db.selectFrom('deliveries').select('id').execute()).length, 0, 'nothing stored')
})

t.test('a bot that fills in the hidden field is told it worked and nothing is kept', async (t) => {
  const built = await build(t)
  const res = await send(built, form({ website: 'http://spam.example' }))
  t.equal(res.statusCode, 202)
  t.equal((await built.db.selectFrom('deliveries').select('id').execute()).length, 0)
})

t.test('an address sending too many messages is slowed with 429, others are not', async (t) => {
  const built = await build(t, undefined, {}, {})
  for (let i = 0; i < 10; i++) t.equal((await send(built, form(), '198.51.100.9')).statusCode, 202, `message ${i + 1} accepted`)
  const limited = await send(built, form(), '198.51.100.9')
  t.equal(limited.statusCode, 429, 'the 11th in an hour is refused')
  const retryAfter = Number(limited.headers['retry-after'])
  t.ok(retryAfter > 3500 && retryAfter <= 3600, `saying when to come back (${retryAfter} s)`)
  t.match((limited.json() as { message: string }).message, /Please call us/)
  t.equal((await send(built, form(), '198.51.100.10')).statusCode, 202, 'another address is not affected')
})

t.test('CONTACT_MESSAGES_PER_HOUR sets how many messages one address may send in an hour', async (t) => {
  const built = await build(t, { ...(await testConfig(t)), CONTACT_MESSAGES_PER_HOUR: 2 })
  for (let i = 0; i < 2; i++) t.equal((await send(built, form(), '198.51.100.20')).statusCode, 202, `message ${i + 1} accepted`)
  t.equal((await send(built, form(), '198.51.100.20')).statusCode, 429, 'the 3rd in an hour is refused')
})

t.test('a contact handed over on sign-up makes one integration record, and "Welcome!" is answered exactly once', async (t) => {
  const built = await build(t)
  const token = await built.signer.sign({ sub: 'user-42', role: 'customer' })
  const welcome = () => built.app.inject({ method: 'POST', url: '/contact-sync/me/welcome', headers: { authorization: `Bearer ${token}` } })
  t.same((await welcome()).json(), { welcome: false }, 'nothing before the contact exists')

  const item = { id: 'o-1', key: 'user:user-42:contact', topic: 'contact', payload: { user_id: 'user-42', first_name: 'Ana', last_name: '', email: 'ana@example.com', location_uid: GAINESVILLE } }
  for (let i = 0; i < 3; i++) {
    const res = await built.app.inject({ method: 'POST', url: '/internal/outbox', headers: { 'x-internal-token': (await import('@hearing/infra/testing')).TEST_INTERNAL_TOKEN }, payload: { source: 'identity', items: [item] } })
    t.equal(res.statusCode, 202, `hand-over ${i + 1} accepted`)
  }
  const link = await waitFor('the integration record', () => built.db.selectFrom('contact_links').selectAll().where('user_id', '=', 'user-42').executeTakeFirst())
  t.equal(link.contact_id, 'local:user-42')
  t.equal((await built.db.selectFrom('deliveries').select('id').where('topic', '=', 'contact').execute()).length, 1, 'one contact delivery')

  const answers = await Promise.all([welcome(), welcome(), welcome()])
  t.same(answers.map((a) => (a.json() as { welcome: boolean }).welcome).sort(), [false, false, true], 'true for exactly one of three tabs')
  t.same((await welcome()).json(), { welcome: false }, 'and never again')
  t.equal((await built.app.inject({ method: 'POST', url: '/contact-sync/me/welcome' })).statusCode, 401, 'signed-in users only')
})

t.test('an admin or staff member with a messaging contact is never greeted with the customer "Welcome!"', async (t) => {
  const built = await build(t)
  await built.db.insertInto('contact_links').values([{ user_id: 'admin-7', contact_id: 'local:admin-7' }, { user_id: 'staff-7', contact_id: 'local:staff-7' }]).execute()
  for (const [sub, role] of [['admin-7', 'admin'], ['staff-7', 'staff']] as const) {
    const token = await built.signer.sign({ sub, role })
    const res = await built.app.inject({ method: 'POST', url: '/contact-sync/me/welcome', headers: { authorization: `Bearer ${token}` } })
    t.same(res.json(), { welcome: false }, role)
  }
  const claimed = await built.db.selectFrom('contact_links').select('welcomed_at').where('welcomed_at', 'is not', null).execute()
  t.equal(claimed.length, 0, 'nothing claimed either')
})

t.test('with SMTP, the local provider also e-mails each message to its clinic, once', async (t) => {
  const sink = await startSmtpSink(t)
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }))
  const res = await send(built, form({ location_uid: CLINICS[1]!.uid }))
  t.equal(res.statusCode, 202)
  await waitFor('the forward at the sink', async () => sink.received.length > 0)
  const mail = await parseMail(sink.received[0]!.raw)
  t.same(sink.received[0]!.envelopeTo, ['dawsonville@example.com'], "to the clinic's inbox")
  t.equal(mail.subject, 'Contact form message from Ana Muñoz (Dawsonville)')
  t.match(mail.text, /Phone: \+17705550142/)
  t.match(mail.text, /Do you fit hearing aids on Saturdays\?/)
  const { id } = res.json() as { id: string }
  t.equal((await built.db.selectFrom('deliveries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status, 'local', 'the message itself stays in the inbox')
  await new Promise((r) => setTimeout(r, 500))
  t.equal(sink.received.length, 1, 'one e-mail')
})

t.test('booking messages in the inbox: the phone shown as every other, and the appointment they are about', async (t) => {
  const built = await build(t)
  const { TEST_INTERNAL_TOKEN } = await import('@hearing/infra/testing')
  const booking = (appointment: string, extra: Record<string, unknown>) => ({
    kind: 'booking', location_uid: GAINESVILLE, first_name: 'Iris', last_name: 'Vale', phone: '770.555.0150', email: 'iris@example.com', text: 'New appointment request from the website.', ...extra,
  })
  const named = '0b7f3c1e-4a2d-4e8f-9c1b-2d3e4f5a6b7c'
  const older = '1c8f4d2f-5b3e-4f9a-8d2c-3e4f5a6b7c8d'
  const res = await built.app.inject({
    method: 'POST',
    url: '/internal/outbox',
    headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    payload: {
      source: 'scheduling',
      items: [
        { id: 'o-1', key: `booking:${named}:clinic`, topic: 'message', payload: booking(named, { appointment_id: named }) },
        // Handed over before messages named their appointment: the key says it.
        { id: 'o-2', key: `booking:${older}:clinic`, topic: 'message', payload: booking(older, {}) },
      ],
    },
  })
  t.equal(res.statusCode, 202)
  await send(built, form())
  const entries = (await inbox(built, 'staff')).json() as Array<{ kind: string; phone: string; phone_display: string; appointment_id: string | null }>
  t.same(
    entries.map((e) => [e.kind, e.phone, e.phone_display, e.appointment_id]).sort(),
    [
      ['booking', '+17705550150', '(770) 555-0150', named],
      ['booking', '+17705550150', '(770) 555-0150', older],
      ['contact', '+17705550142', '(770) 555-0142', null],
    ],
  )
})
