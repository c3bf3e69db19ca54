import t from 'tap'
import { messageFileProblems, patientMessages } from '../src/patient-messages/index.js'

t.test('the missing-key check names what is missing, what does not parse and a translation that says other things', async (t) => {
  const problems = messageFileProblems({
    en: { 'a.subject': 'Hello {name}', 'b.body': 'Only English', 'c.body': 'On {when}' },
    es: { 'a.subject': 'Hola {nombre}', 'c.body': 'El {when', 'd.body': 'Solo español' },
  })
  t.same(problems, [
    'es: "a.subject" uses {nombre} where en uses {name}',
    'es: "b.body" is missing',
    'es: "c.body" does not parse (EXPECT_ARGUMENT_CLOSING_BRACE)',
    'en: "d.body" is missing',
  ])
  t.same(messageFileProblems({ en: { x: '{n, plural, one {# day} other {# days}}' }, es: { x: '{n, plural, one {# día} other {# días}}' } }), [], 'the same placeholders, whatever the words')
})

t.test('files with problems are refused at once, so a missing translation stops the boot instead of reaching a patient', async (t) => {
  t.throws(() => patientMessages({ en: { x: 'Hi' }, es: {} }), /es: "x" is missing/)
})

t.test("a patient's messages: placeholders filled, greeting and dates in their language, in the clinic's time zone", async (t) => {
  const messagesIn = patientMessages({ en: { visit: 'Your visit is on {when}.' }, es: { visit: 'Su cita es el {when}.' } })
  const at = new Date('2026-11-30T15:00:00Z') // 10:00 in Georgia
  const en = messagesIn('en')
  const es = messagesIn('es')
  t.equal(en.t('visit', { when: en.when(at) }), 'Your visit is on Monday, November 30, 2026 at 10:00 AM (Eastern Standard Time).')
  t.match(es.t('visit', { when: es.when(at) }), /^Su cita es el lunes, 30 de noviembre de 2026, 10:00\sa\.\s?m\. \(hora estándar oriental\)\.$/)
  t.equal(en.whenShort(at), 'Mon, Nov 30 at 10:00 AM')
  t.match(es.whenShort(at), /^lun, 30 de nov, 10:00\sa\.\s?m\.$/)
  t.equal(en.greeting('Mary'), 'Hello Mary,')
  t.equal(es.greeting(' Lucía '), 'Hola, Lucía:')
  t.equal(es.greeting(null), 'Hola:')
  t.equal(es.locale, 'es-US')
  t.throws(() => es.t('nope'), /unknown patient message "nope"/, 'a typo is an error, never a blank e-mail')
})
