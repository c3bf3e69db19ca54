import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { build, waitFor } from './helper.js'

const GAINESVILLE = CLINICS[0]!.uid
const USER_ID = '6f1c1a52-1d55-4a0e-9b7e-2f0a7c1e9d11'

t.test('identity gets what messaging-sync holds about a person (messages, e-mails, contact) and has it erased', async (t) => {
  const built = await build(t)
  const { app, db, config } = built
  const headers = { 'x-internal-token': config.INTERNAL_TOKEN }
  // A contact-form message (signed out: found by phone and by the address in its text), e-mails to them and to someone else, their contact.
  const message = { first_name: 'Ana', last_name: 'Muñoz', phone: '(770) 555-0142', location_uid: GAINESVILLE, message: 'Do you fit hearing aids on Saturdays? Please write to Ana@example.com.' }
  t.equal((await app.inject({ method: 'POST', url: '/contact', headers: { 'x-forwarded-for': '203.0.113.7' }, payload: message })).statusCode, 202)
  // From the same phone: one naming no address (hers), and her son's, naming his.
  const phoneOnly = { ...message, message: 'Please call me back about my hearing aids.' }
  const son = { ...message, first_name: 'Luis', message: 'Please call my father back, or write to luis@example.com.' }
  for (const [i, body] of [phoneOnly, son].entries()) {
    t.equal((await app.inject({ method: 'POST', url: '/contact', headers: { 'x-forwarded-for': `203.0.113.${20 + i}` }, payload: body })).statusCode, 202)
  }
  const email = (to: string, key: string, kind?: string) => ({ id: key, topic: 'email', key, payload: { to, subject: 'Your visit', text: 'Hello, see you soon.', ...(kind ? { kind } : {}) } })
  const contact = { id: 'c1', topic: 'contact', key: `user:${USER_ID}:contact`, payload: { user_id: USER_ID, first_name: 'Ana', last_name: 'Muñoz', email: 'ana@example.com', phone: '(770) 555-0142', location_uid: GAINESVILLE } }
  // Reminder texts to the household's phone: hers, and her son's.
  const text = (key: string, whose: Record<string, string>) => ({
    id: key, topic: 'text', key,
    payload: { kind: 'appointment-reminder', location_uid: GAINESVILLE, phone: '+17705550142', body: 'Reminder of your visit. Cancel: https://clinic.example/cancel-appointment?token=t0k3n', expires_at: new Date(Date.now() + 3600_000).toISOString(), ...whose },
  })
  const items = [email('ana@example.com', 'e1'), email('Ana@Example.com', 'e2', 'reset'), email('bo@example.com', 'e3'), contact, text('t1', { user_id: USER_ID, email: 'ana@example.com' }), text('t2', { email: 'luis@example.com' })]
  t.equal((await app.inject({ method: 'POST', url: '/internal/outbox', headers, payload: { source: 'identity', items } })).statusCode, 202)
  // The local provider keeps the contact here once its delivery ran.
  await waitFor('the local contact', () => db.selectFrom('contact_links').select('contact_id').where('user_id', '=', USER_ID).executeTakeFirst())

  const subject = { user_id: USER_ID, emails: ['ana@example.com'], phones: ['770-555-0142'] }
  const exported = await app.inject({ method: 'POST', url: '/internal/personal-data/export', headers, payload: subject })
  t.equal(exported.statusCode, 200)
  const sections = Object.fromEntries((exported.json().sections as Array<{ key: string; records: Array<Record<string, unknown>> }>).map((s) => [s.key, s.records]))
  const texts = sections.messages!.map((m) => m.text as string).sort()
  t.match(texts, [/Saturdays/, /call me back/], 'found by the address in its text, and by the phone where it names no one else')
  t.notOk(texts.some((text) => text.includes('luis@')), "her son's message from the same phone is his")
  t.equal(sections.emails!.length, 2, 'both e-mails to them, not the other one')
  t.notOk(sections.emails!.some((e) => e.kind === 'reset' && 'text' in e), 'an e-mail that carried a secret link: its subject only')
  t.match(sections['messaging-contact'], [{ provider: 'local', contact_id: `local:${USER_ID}` }])
  t.equal(sections['provider-records']!.length, 1)
  t.match(sections.texts, [{ kind: 'appointment-reminder', phone: '+17705550142' }], 'her reminder text, not her son’s')
  t.equal(sections.texts!.length, 1)
  t.notMatch(JSON.stringify(sections.texts), /token/, 'what and when, never its words (a cancel link)')

  t.match(await db.selectFrom('contact_phones').selectAll().execute(), [{ phone: '+17705550142', user_id: USER_ID }], 'her contact holds the phone at the provider')
  const erased = await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: subject })
  t.equal(erased.statusCode, 200)
  t.match(erased.json(), { service: 'messaging-sync', erased: 7, kept: [] }, 'two messages, two e-mails, the text, the contact delivery and the local contact')
  const left = JSON.stringify(await db.selectFrom('deliveries').select(['payload', 'key']).execute()).toLowerCase()
  t.notOk(left.includes('ana'), 'nothing of the person is left')
  t.ok(left.includes('bo@example.com'), "someone else's e-mail stays")
  t.ok(left.includes('luis@example.com'), "her son's message and text stay")
  t.equal((await db.selectFrom('contact_links').selectAll().execute()).length, 0)
  t.same(await db.selectFrom('contact_phones').selectAll().execute(), [], 'her phone is no longer hers at the provider')

  // At Podium a contact cannot be deleted through the API: reported as kept, for staff to remove by hand.
  await db.insertInto('contact_links').values({ user_id: USER_ID, contact_id: 'podium-contact-1' }).execute()
  t.match((await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: subject })).json(), { erased: 0, kept: [{ kind: 'provider-contact', count: 1 }] })
  t.equal((await app.inject({ method: 'POST', url: '/internal/personal-data/erase', payload: subject })).statusCode, 403, 'the service credential is required')
})
