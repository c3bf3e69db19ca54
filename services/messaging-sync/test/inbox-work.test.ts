import t from 'tap'
import { randomUUID } from 'node:crypto'
import { identityFake } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import { sql } from 'kysely'
import { insertDelivery } from '../src/delivery/store.js'
import { build, parseMail, startSmtpSink, testConfig, waitFor } from './helper.js'

type Built = Awaited<ReturnType<typeof build>>
const gainesville = CLINICS[0]!

interface Entry {
  id: string
  order_id: string | null
  assignee: { id: string; name: string } | null
  replies: Array<{ author_name: string; text: string; email_status: string }>
  reply_by: string
  podium_url: string | null
}

/** A colleague identity lists, with a token; and a customer's token. */
async function people(built: Built) {
  const fake = await identityFake()
  const sam = { id: randomUUID(), name: 'Sam Front-Desk', role: 'staff' as const }
  const ada = { id: randomUUID(), name: 'Ada Admin', role: 'admin' as const }
  fake.staff = [ada, sam]
  const bearer = async (sub: string, role: string) => ({ authorization: `Bearer ${await built.signer.sign({ sub, role })}` })
  return { sam, ada, asSam: await bearer(sam.id, 'staff'), asCustomer: await bearer(randomUUID(), 'customer'), asStranger: await bearer(randomUUID(), 'staff') }
}

/** A patient's message as producers hand it over: catalogue's order message (with an e-mail) or the contact form's (none). */
async function message(built: Built, kind: 'order' | 'contact', orderId = randomUUID()) {
  const row = await insertDelivery(built.db, {
    source: kind === 'order' ? 'catalogue' : 'messaging-sync',
    key: kind === 'order' ? `order:${orderId}:clinic` : `contact-form:${randomUUID()}`,
    topic: 'message',
    payload: {
      kind,
      location_uid: gainesville.uid,
      first_name: 'Mary',
      last_name: 'Major',
      phone: '+17705550101',
      ...(kind === 'order' ? { email: 'mary@example.com' } : {}),
      text: 'Hello, a question about my hearing aids.',
    },
  })
  return row.id
}

const inbox = async (built: Built, headers: Record<string, string>, query = '') => built.app.inject({ method: 'GET', url: `/admin/inbox${query}`, headers })

t.test('staff give a message to a colleague or take it themselves, and filter "assigned to me"; audited', async (t) => {
  const built = await build(t)
  const { sam, ada, asSam, asCustomer, asStranger } = await people(built)
  const orderId = randomUUID()
  const mine = await message(built, 'order', orderId)
  const other = await message(built, 'contact')

  const staff = await built.app.inject({ method: 'GET', url: '/admin/inbox/staff', headers: asSam })
  t.equal(staff.statusCode, 200)
  t.same(staff.json().staff.map((s: { name: string }) => s.name), ['Ada Admin', 'Sam Front-Desk'], 'the colleagues identity lists')
  t.equal((await built.app.inject({ method: 'GET', url: '/admin/inbox/staff', headers: asCustomer })).statusCode, 403)

  const assign = (id: string, staff_id: unknown, headers = asSam) => built.app.inject({ method: 'PUT', url: `/admin/inbox/${id}/assignee`, headers, payload: { staff_id } })
  const taken = await assign(mine, sam.id)
  t.equal(taken.statusCode, 200)
  t.same(taken.json(), { id: mine, assignee: { id: sam.id, name: 'Sam Front-Desk' } })
  t.same((await assign(other, ada.id)).json().assignee, { id: ada.id, name: 'Ada Admin' }, 'or given to a colleague')

  const forMe = (await inbox(built, asSam, '?assigned=me')).json() as Entry[]
  t.same(forMe.map((m) => m.id), [mine], 'assigned to me: only mine')
  t.equal(forMe[0]!.order_id, orderId, "an order's message names its order request (the Orders tab links back)")
  t.same(((await inbox(built, asSam)).json() as Entry[]).map((m) => m.assignee?.name), ['Ada Admin', 'Sam Front-Desk'], 'everyone sees who has what')
  t.equal((await assign(other, null)).json().assignee, null, 'and back to nobody')
  t.same(((await inbox(built, asSam, '?assigned=nobody')).json() as Entry[]).map((m) => m.id), [other])

  t.equal((await inbox(built, asSam, '?assigned=someone')).statusCode, 400)
  t.equal((await assign(mine, sam.id, asCustomer)).statusCode, 403, 'a customer may not')
  t.equal((await assign(mine, sam.id, asStranger)).statusCode, 403, 'nor a token identity no longer lists as staff')
  const notStaff = await assign(mine, randomUUID())
  t.equal(notStaff.statusCode, 400, 'only to a colleague')
  t.match(notStaff.json().message, /staff_id/)
  t.equal((await assign(mine, 42)).statusCode, 400)
  t.equal((await built.app.inject({ method: 'PUT', url: `/admin/inbox/${mine}/assignee`, headers: asSam, payload: { staff_id: sam.id, note: 'x' } })).statusCode, 400, 'unknown fields are refused')
  t.equal((await assign('nope', sam.id)).statusCode, 400)
  t.equal((await assign(randomUUID(), sam.id)).statusCode, 404)

  await built.app.audit.settled()
  // Each record is written after its answer, side by side with the next request's: found by record, not by order.
  const { rows } = await sql<{ record_id: string; outcome: number; detail: string }>`select record_id, outcome, detail from audit.events where action = 'inbox.assign' and outcome = 200 and record_id = ${mine}`.execute(built.db)
  t.same(rows, [{ record_id: mine, outcome: 200, detail: JSON.stringify({ assigned_to: sam.id }) }])
})

t.test('a reply is e-mailed to the person through the e-mail queue, recorded on the message, escaped in the HTML', async (t) => {
  const sink = await startSmtpSink(t)
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }))
  const { asSam, asCustomer } = await people(built)
  const id = await message(built, 'order')
  const text = 'Thanks Mary, your aids are in.\n<script>alert(1)</script> Come by on Friday & bring them.'

  const res = await built.app.inject({ method: 'POST', url: `/admin/inbox/${id}/replies`, headers: asSam, payload: { text } })
  t.equal(res.statusCode, 201)
  t.match(res.json().reply, { author_name: 'Sam Front-Desk', text })

  // (The clinic's own copy of the patient's message goes to its inbox meanwhile: the local provider forwards it.)
  const toMary = () => sink.received.filter((m) => m.envelopeTo.includes('mary@example.com'))
  const sent = await waitFor('the reply at the SMTP server', async () => toMary()[0])
  t.same(sent.envelopeTo, ['mary@example.com'], 'to the address the person gave, and nobody else')
  const mail = await parseMail(sent.raw)
  t.equal(mail.subject, 'A reply to your message from North Georgia Hearing Care')
  t.match(mail.text, /^Hello Mary,\n\nThanks Mary, your aids are in\.\n\n<script>alert\(1\)<\/script> Come by on Friday & bring them\./)
  t.match(mail.text, /Sam Front-Desk, North Georgia Hearing Care – Gainesville/)
  t.notOk(mail.html!.includes('<script>'), 'no markup of the text survives into the HTML')
  t.match(mail.html, /&lt;script&gt;alert\(1\)&lt;\/script&gt; Come by on Friday &amp; bring them\./)

  const thread = await waitFor('the reply shown as sent', async () => {
    const entry = ((await inbox(built, asSam)).json() as Entry[]).find((m) => m.id === id)
    return entry?.replies[0]?.email_status === 'delivered' && entry
  })
  t.equal(thread.reply_by, 'email')
  t.same(thread.replies.map((r) => [r.author_name, r.text]), [['Sam Front-Desk', text]], 'in the message thread')

  const reply = (payload: unknown, headers = asSam, target = id) => built.app.inject({ method: 'POST', url: `/admin/inbox/${target}/replies`, headers, payload: payload as object })
  t.equal((await reply({ text: 'hi' }, asCustomer)).statusCode, 403, 'a customer may not')
  t.equal((await built.app.inject({ method: 'POST', url: `/admin/inbox/${id}/replies`, payload: { text: 'hi' } })).statusCode, 401)
  for (const [payload, message] of [
    [{ text: '  ' }, /Write the reply first/],
    [{ text: 'x'.repeat(5001) }, /text/],
    [{ text: 'bell\u0007' }, /control characters/],
    [{ text: 'hi', to: 'someone@else.example' }, /to/],
  ] as const) {
    const bad = await reply(payload)
    t.equal(bad.statusCode, 400, JSON.stringify(payload))
    t.match(bad.json().message, message)
  }
  t.equal((await reply({ text: 'hi' }, asSam, 'nope')).statusCode, 400)
  t.equal((await reply({ text: 'hi' }, asSam, randomUUID())).statusCode, 404)
  const noAddress = await reply({ text: 'hi' }, asSam, await message(built, 'contact'))
  t.equal(noAddress.statusCode, 409, 'a contact-form message has no address: staff call instead')
  t.equal(((await inbox(built, asSam)).json() as Entry[])[0]!.reply_by, 'phone')
  t.equal(toMary().length, 1, 'nothing else was e-mailed to her')

  await built.app.audit.settled()
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from audit.events where action = 'inbox.reply' and outcome = 201 and record_id = ${id}`.execute(built.db)
  t.equal(rows[0]!.n, '1', 'the reply is on the audit trail')
})
