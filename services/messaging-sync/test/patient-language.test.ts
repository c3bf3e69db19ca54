import { randomUUID } from 'node:crypto'
import { identityFake, TEST_INTERNAL_TOKEN } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import { loadMessageFiles, messageFileProblems } from '@hearing/service-kit'
import t from 'tap'
import { MESSAGES_DIR } from '../src/patient-messages.js'
import { build, parseMail, startSmtpSink, testConfig, waitFor } from './helper.js'

// A patient's message keeps its language; staff see it; what the patient reads from here is in it.

type Built = Awaited<ReturnType<typeof build>>
const GAINESVILLE = CLINICS[0]!
type Entry = { id: string; language: string | null; text: string }

const staffHeaders = async (built: Built) => ({ authorization: `Bearer ${await built.signer.sign({ sub: `staff-${randomUUID()}`, role: 'staff' })}` })
const inbox = async (built: Built) => (await built.app.inject({ method: 'GET', url: '/admin/inbox', headers: await staffHeaders(built) })).json() as Entry[]
const contact = (built: Built, over: Record<string, unknown> = {}) =>
  built.app.inject({
    method: 'POST',
    url: '/contact',
    headers: { 'x-forwarded-for': '203.0.113.9' },
    payload: { first_name: 'Lucía', last_name: 'Ramírez', phone: '(770) 555-0177', location_uid: GAINESVILLE.uid, message: '¿Atienden los sábados?', ...over },
  })

t.test('every message patients read from messaging-sync exists in English and Spanish, parses, and uses the same placeholders', async (t) => {
  t.same(messageFileProblems(loadMessageFiles(MESSAGES_DIR)), [])
})

t.test('a contact message in Spanish keeps its language: staff see it in the inbox, the acknowledgement is in Spanish', async (t) => {
  const built = await build(t)
  const res = await contact(built, { language: 'es' })
  t.equal(res.statusCode, 202, res.body)
  const english = await contact(built, { first_name: 'Walter', message: 'Do you open on Saturdays?' })
  const entries = await inbox(built)
  const spanish = entries.find((e) => e.id === res.json().id)
  t.equal(spanish?.language, 'es', 'the inbox says the patient wrote in Spanish')
  t.match(spanish!.text, /^Hola, Lucía: ¡gracias por comunicarse con North Georgia Hearing Care! Recibimos su mensaje/)
  t.match(spanish!.text, 'Mensaje: ¿Atienden los sábados?')
  const plain = entries.find((e) => e.id === english.json().id)
  t.equal(plain?.language, 'en', 'English without one')
  t.match(plain!.text, /^Hi Walter, thank you for contacting North Georgia Hearing Care!/)
})

t.test('a contact message with a language the site does not offer is a 400 that says so', async (t) => {
  const built = await build(t)
  const res = await contact(built, { language: 'ES-mx' })
  t.equal(res.statusCode, 400)
  t.match(res.json().message, 'body.language: must be one of en, es')
})

t.test("a booking message handed over in Spanish is marked so; staff's e-mailed reply to it is framed in Spanish", async (t) => {
  const sink = await startSmtpSink(t)
  const built = await build(t, await testConfig(t, { SMTP_URL: sink.url }))
  const fake = await identityFake()
  const sam = { id: randomUUID(), name: 'Sam Front-Desk', role: 'staff' as const }
  fake.staff = [sam]
  const key = `booking:${randomUUID()}:clinic`
  const payload = { kind: 'booking', location_uid: GAINESVILLE.uid, first_name: 'Lucía', last_name: 'Ramírez', phone: '(770) 555-0177', email: 'lucia@example.com', text: 'New appointment request', language: 'es' }
  const handed = await built.app.inject({ method: 'POST', url: '/internal/outbox', headers: { 'x-internal-token': TEST_INTERNAL_TOKEN }, payload: { source: 'scheduling', items: [{ id: 'o-1', key, topic: 'message', payload }] } })
  t.equal(handed.statusCode, 202, handed.body)
  const entry = await waitFor('the booking message in the inbox', async () => (await inbox(built)).find((e) => e.language === 'es'))

  const replied = await built.app.inject({ method: 'POST', url: `/admin/inbox/${entry.id}/replies`, headers: { authorization: `Bearer ${await built.signer.sign({ sub: sam.id, role: 'staff' })}` }, payload: { text: 'Nos vemos el lunes.' } })
  t.equal(replied.statusCode, 201, replied.body)
  const sent = await waitFor('the reply at the SMTP server', async () => sink.received.find((m) => m.envelopeTo.includes('lucia@example.com')))
  const mail = await parseMail(sent.raw)
  t.equal(mail.subject, 'Una respuesta a su mensaje de North Georgia Hearing Care')
  t.match(mail.text, /^Hola, Lucía:\n\nNos vemos el lunes\./)
  t.match(mail.text, `Para responder, llámenos al ${GAINESVILLE.phone}: nadie lee las respuestas a este correo.`)
})
