import { checkClinicsFile, CLINIC_TIME_ZONE, CLINICS, PRACTICE_NAME, practiceClinicsFile } from '@hearing/contracts'
import t from 'tap'

// clinics.json is read without its schema (the SPA's pages must not load zod), so a mistake made
// while editing it shows here (and stops the web build): every service and the website read it.
t.test('the practice’s clinics file keeps to its schema, and is read as it is written', async (t) => {
  t.same(checkClinicsFile(), { practiceName: PRACTICE_NAME, timeZone: CLINIC_TIME_ZONE, clinics: CLINICS }, 'nothing added, dropped or changed')
})

t.test('the schema refuses what would break a page, an e-mail or the booking rules', async (t) => {
  const file = checkClinicsFile()
  const clinic = file.clinics[0]!
  const refused = (change: object) => !practiceClinicsFile.safeParse({ ...file, clinics: [{ ...clinic, ...change }] }).success
  t.ok(refused({ phone: '770-555-0142' }), 'a phone not written (770) 555-0142')
  t.ok(refused({ hours: [{ days: ['Monday'], opens: '16:00', closes: '09:00' }] }), 'closing before opening')
  t.ok(refused({ hours: [{ days: ['Monday'], opens: '09:00' }] }), 'an opening time without a closing one')
  t.ok(refused({ hours: [{ days: ['Monday'], opens: '09:00', closes: '16:00' }, { days: ['Monday'] }] }), 'a weekday named twice')
  t.ok(refused({ inbox: 'gainesville@example.com' }), "a staff inbox: the website's scripts carry this file (inboxes are messaging-sync's data)")
  t.notOk(practiceClinicsFile.safeParse({ ...file, timeZone: 'Eastern' }).success, 'a time zone that is not an IANA one')
  t.notOk(practiceClinicsFile.safeParse({ ...file, clinics: [clinic, clinic] }).success, 'two clinics with one uid')
})
