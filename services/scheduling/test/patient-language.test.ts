import { randomUUID } from 'node:crypto'
import { readInvitation, testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import { loadMessageFiles, messageFileProblems } from '@hearing/service-kit'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { MESSAGES_DIR, messagesIn, typeNameIn } from '../src/patient-messages.js'
import { APPOINTMENT_TYPES } from '../src/seed.js'
import { sendDueReminders } from '../src/reminders.js'
import { migrate, testConfig } from './helper.js'

// A patient who books in Spanish gets the booking's e-mails, calendar file and texts in Spanish.

const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday
const GAINESVILLE = CLINICS[0]!

type OutboxEmail = { to: string; subject: string; text: string; html: string; kind: string; attachments?: Array<{ contentBase64: string }> }

async function setup(t: Parameters<typeof testConfig>[0]) {
  const config = await testConfig(t, { PUBLIC_URL: 'https://clinic.example' })
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => NOW })
  t.teardown(() => app.close())
  const db = app.db
  const type = await db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE.uid).where('name', '=', 'Hearing Evaluation').executeTakeFirstOrThrow()
  const outbox = async (key: string) => (await db.selectFrom('outbox').select('payload').where('key', '=', key).executeTakeFirstOrThrow()).payload
  const staff = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  const book = (overrides: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/bookings',
      payload: {
        first_name: 'Lucía',
        last_name: 'Ramírez',
        email: 'lucia.ramirez@example.com',
        phone: '(770) 555-0177',
        location: GAINESVILLE.uid,
        appointment_type_id: type.id,
        date: '2026-11-30',
        time: '13:00',
        address_line1: '12 Oak Street',
        city: 'Gainesville',
        state: 'GA',
        zip_code: '30501',
        ...overrides,
      },
    })
  return { app, db, outbox, staff, book }
}

t.test('every patient message exists in English and Spanish, parses, and uses the same placeholders', async (t) => {
  t.same(messageFileProblems(loadMessageFiles(MESSAGES_DIR)), [])
})

t.test("the practice's appointment types are named in Spanish; a type staff add later keeps its own name", async (t) => {
  const es = messagesIn('es')
  const untranslated = APPOINTMENT_TYPES.filter((type) => typeNameIn(es, type.name) === type.name).map((type) => type.name)
  t.same(untranslated, [], 'every seeded type has a Spanish name')
  t.equal(typeNameIn(es, 'Hearing Evaluation'), 'Evaluación auditiva')
  t.equal(typeNameIn(messagesIn('en'), 'Hearing Evaluation'), 'Hearing Evaluation')
  t.equal(typeNameIn(es, 'Tinnitus Counselling'), 'Tinnitus Counselling')
})

t.test('a booking made in Spanish keeps its language, staff see it, and its e-mails and calendar file are in Spanish', async (t) => {
  const { app, outbox, staff, book } = await setup(t)
  const res = await book({ language: 'es' })
  t.equal(res.statusCode, 201, res.body)
  const { id } = res.json()

  const list = await app.inject({ method: 'GET', url: '/admin/appointments', headers: staff })
  const listed = (list.json() as Array<{ id: string; language: string }>).find((a) => a.id === id)
  t.equal(listed?.language, 'es', "staff's list says the patient's language")

  const requested = (await outbox(`appointment-requested:${id}`)) as OutboxEmail
  t.equal(requested.subject, 'Recibimos su solicitud de cita: Evaluación auditiva')
  t.match(requested.text, 'Hola, Lucía:')
  t.match(requested.text, /en nuestra clínica de Gainesville el lunes, 30 de noviembre de 2026, 1:00\sp\.\s?m\./)
  t.match(requested.text, `Llámenos al ${GAINESVILLE.phone}`)
  t.match(requested.html, '<html lang="es">')

  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${id}/confirm`, headers: staff })).statusCode, 200)
  const confirmed = (await outbox(`appointment-confirmed:${id}`)) as OutboxEmail
  t.equal(confirmed.subject, 'Su cita de Evaluación auditiva está confirmada')
  t.match(confirmed.text, 'está confirmada para el lunes, 30 de noviembre de 2026')
  t.match(confirmed.html, 'Si el botón no funciona', 'the layout speaks Spanish too')
  const cancelLink = /https:\/\/clinic\.example\/es\/cancel-appointment\?token=[A-Za-z0-9_-]+/.exec(confirmed.text)?.[0]
  t.ok(cancelLink, 'the cancel link opens the Spanish page')
  t.match(confirmed.text, `Cancelar esta cita: ${cancelLink}`)
  const invitation = readInvitation(Buffer.from(confirmed.attachments![0]!.contentBase64, 'base64').toString())
  t.equal(invitation.summary, 'Evaluación auditiva en North Georgia Hearing Care')
  t.equal(invitation.description, `Su cita de Evaluación auditiva en nuestra clínica de Gainesville. Para cambiarla, llame al ${GAINESVILLE.phone}. Si ya no puede venir, cancélela aquí: ${cancelLink}`)
  t.equal(invitation.localStart, '2026-11-30T13:00:00', 'the same hour, whatever the language')

  t.equal((await app.inject({ method: 'POST', url: '/cancel-link/cancel', payload: { token: new URL(cancelLink!).searchParams.get('token') } })).statusCode, 200)
  const cancelled = (await outbox(`appointment-cancelled:${id}`)) as OutboxEmail
  t.equal(cancelled.subject, 'Su cita de Evaluación auditiva está cancelada')
  t.match(cancelled.text, 'Como nos pidió, su cita de Evaluación auditiva en nuestra clínica de Gainesville el lunes, 30 de noviembre de 2026')
})

t.test('staff declining a Spanish request write in Spanish; an English booking stays English', async (t) => {
  const { app, outbox, staff, book } = await setup(t)
  const spanish = (await book({ language: 'es' })).json().id as string
  const english = (await book({ time: '14:00', email: 'walter@example.com', first_name: 'Walter' })).json().id as string
  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${spanish}/decline`, headers: staff })).statusCode, 200)
  const declined = (await outbox(`appointment-declined:${spanish}`)) as OutboxEmail
  t.equal(declined.subject, 'Sobre su solicitud de cita en North Georgia Hearing Care')
  t.match(declined.text, 'Lo sentimos, pero no podemos atenderle a esa hora.')
  const ack = (await outbox(`appointment-requested:${english}`)) as OutboxEmail
  t.equal(ack.subject, 'We received your Hearing Evaluation appointment request')
  t.match(ack.html, '<html lang="en">')
  const list = (await app.inject({ method: 'GET', url: '/admin/appointments', headers: staff })).json() as Array<{ id: string; language: string }>
  t.equal(list.find((a) => a.id === english)?.language, 'en', 'a booking without a language is English')
})

t.test('a language the site does not offer is a 400 that says what is wrong', async (t) => {
  const { book } = await setup(t)
  const res = await book({ language: 'fr' })
  t.equal(res.statusCode, 400)
  t.match(res.json().message, 'body.language: must be one of en, es')
})

t.test('reminders of a Spanish booking: the e-mail and the text are in Spanish, with the Spanish cancel page', async (t) => {
  const { app, db, outbox, staff, book } = await setup(t)
  const id = (await book({ language: 'es' })).json().id as string
  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${id}/confirm`, headers: staff })).statusCode, 200)
  const sent = await sendDueReminders(db, { now: new Date('2026-11-30T17:00:00Z'), offsets: [120], publicUrl: 'https://clinic.example' })
  t.equal(sent, 1)
  const occasion = `120m:2026-11-30T18:00:00.000Z`
  const email = (await outbox(`appointment-reminder:${id}:${occasion}`)) as OutboxEmail
  t.match(email.subject, /^Recordatorio: su cita de Evaluación auditiva el lunes, 30 de noviembre de 2026, 1:00\sp\.\s?m\. \(hora estándar oriental\)$/)
  const text = (await outbox(`appointment-reminder-text:${id}:${occasion}`)) as { body: string }
  t.match(text.body, /^North Georgia Hearing Care: recordatorio de su cita de Evaluación auditiva en nuestra clínica de Gainesville, lun, 30 de nov, 1:00/)
  t.match(text.body, /¿No puede venir\? Cancele: https:\/\/clinic\.example\/es\/cancel-appointment\?token=/)
})

t.test("staff scheduling for a patient pass on the account's language: the confirmation is in it", async (t) => {
  const { app, db, outbox, staff } = await setup(t)
  const type = await db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE.uid).where('name', '=', 'Follow-up').executeTakeFirstOrThrow()
  const res = await app.inject({
    method: 'POST',
    url: '/admin/appointments',
    headers: staff,
    payload: { user_id: randomUUID(), user_info: { first_name: 'Lucía', last_name: 'Ramírez', email: 'lucia@example.com' }, location: GAINESVILLE.uid, appointment_type_id: type.id, appointment_date: '2026-11-30', appointment_time: '11:00', language: 'es' },
  })
  t.equal(res.statusCode, 201, res.body)
  t.equal(res.json().language, 'es')
  const confirmed = (await outbox(`appointment-confirmed:${res.json().id}`)) as OutboxEmail
  t.equal(confirmed.subject, 'Su cita de Seguimiento está confirmada')
})
