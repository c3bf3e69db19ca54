import { loadMessageFiles, messageFileProblems } from '@hearing/service-kit'
import t from 'tap'
import { MESSAGES_DIR } from '../src/email/templates.js'
import { bearer, build, confirmedUser, lastEmail, linkToken, makeRole, post, signUpBody, signUpBrowser, uniqueEmail } from './helper.js'

// The account keeps the patient's language; its e-mails are written in it and link the pages in it.

t.test('every account e-mail exists in English and Spanish, parses, and uses the same placeholders', async (t) => {
  t.same(messageFileProblems(loadMessageFiles(MESSAGES_DIR)), [])
})

t.test('a sign-up in Spanish keeps the language and gets the Spanish confirmation e-mail, whose link leads to the Spanish site', async (t) => {
  const { app, db } = await build(t)
  const body = signUpBody({ email: 'lucia.ramirez@example.com', first_name: 'Lucía', language: 'es' })
  const signUp = await post(app, '/sign-up', body)
  t.equal(signUp.statusCode, 201)
  const email = await lastEmail(db, 'confirm', 'lucia.ramirez@example.com')
  t.equal(email?.subject, 'Confirme su dirección de correo electrónico para North Georgia Hearing Care')
  t.match(email!.text, /^Hola, Lucía:/)
  t.match(email!.text, 'Gracias por crear una cuenta en North Georgia Hearing Care.')
  t.match(email!.text, /Confirmar mi correo electrónico: http:\/\/localhost:8080\/api\/identity\/confirm-email\?token=[^&\s]+&lang=es/)
  t.match(email!.text, 'Este enlace funciona durante 48 horas.')
  t.match(email!.html, '<html lang="es">')

  const confirmed = await app.inject({ method: 'GET', url: `/confirm-email?token=${encodeURIComponent(linkToken(email))}&lang=es`, cookies: signUpBrowser(signUp) })
  t.equal(confirmed.headers.location, '/es', 'lands on the Spanish home page')
  const again = await app.inject({ method: 'GET', url: `/confirm-email?token=${encodeURIComponent(linkToken(email))}&lang=es` })
  t.equal(again.headers.location, '/es/auth?confirm=already', 'a second click: the Spanish sign-in page')
  const odd = await app.inject({ method: 'GET', url: '/confirm-email?token=nope&lang=xx' })
  t.equal(odd.headers.location, '/auth?confirm=invalid', 'an unknown lang is ignored, not an error page')
})

t.test("the profile shows and changes the account's language; the account's language wins for its e-mails", async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db, { email: 'walter.brooks@example.com', first_name: 'Walter' })
  const me = () => app.inject({ method: 'GET', url: '/me', headers: bearer(user.accessToken) })
  t.equal((await me()).json().language, 'en', 'English when signed up without one')

  const changed = await app.inject({ method: 'PATCH', url: '/me', payload: { language: 'es' }, headers: bearer(user.accessToken) })
  t.equal(changed.statusCode, 200, changed.body)
  t.equal(changed.json().language, 'es')
  t.equal((await me()).json().language, 'es', 'kept')

  // Asked for from an English page: still the account's language.
  t.equal((await post(app, '/password-reset/request', { email: user.email })).statusCode, 202)
  const reset = await lastEmail(db, 'reset', user.email)
  t.equal(reset?.subject, 'Restablezca su contraseña de North Georgia Hearing Care')
  t.match(reset!.text, /Elegir una nueva contraseña: http:\/\/localhost:8080\/es\/reset-password\?token=/)

  const refused = await app.inject({ method: 'PATCH', url: '/me', payload: { language: 'fr' }, headers: bearer(user.accessToken) })
  t.equal(refused.statusCode, 400)
  t.match(refused.json().message, 'body.language: must be one of en, es')
})

t.test('a sign-up with a language the site does not offer is a 400 that says so', async (t) => {
  const { app } = await build(t)
  const res = await post(app, '/sign-up', signUpBody({ language: 'de' }))
  t.equal(res.statusCode, 400)
  t.match(res.json().message, 'body.language: must be one of en, es')
})

const createPatient = (app: Awaited<ReturnType<typeof build>>['app'], token: string, payload: object) =>
  app.inject({ method: 'POST', url: '/admin/patients', payload, headers: bearer(token) })

t.test("staff create a patient in Spanish: the invitation is in Spanish and the account keeps the language", async (t) => {
  const { app, db } = await build(t)
  const staff = await confirmedUser(app, db)
  const staffToken = await makeRole(app, db, staff, 'staff')
  const email = uniqueEmail('paciente')
  const res = await createPatient(app, staffToken, { first_name: 'Rosa', last_name: 'Luna', email, language: 'es' })
  t.equal(res.statusCode, 201, res.body)
  t.equal(res.json().language, 'es')
  const invite = await lastEmail(db, 'invite', email)
  t.match(invite!.text, /^Hola, Rosa:/)
  t.match(invite!.html, '<html lang="es">')

  const english = await createPatient(app, staffToken, { first_name: 'Ruth', last_name: 'Lane', email: uniqueEmail('patient') })
  t.equal(english.json().language, 'en', 'English when staff leave it out')
  const refused = await createPatient(app, staffToken, { first_name: 'Ruth', last_name: 'Lane', email: uniqueEmail('patient'), language: 'fr' })
  t.equal(refused.statusCode, 400)
  t.match(refused.json().message, 'body.language: must be one of en, es')
})
