import { randomUUID } from 'node:crypto'
import { testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { configSchema } from '../src/config.js'
import { parseReminderOffsets, sendDueReminders } from '../src/reminders.js'
import { migrate, testConfig } from './helper.js'

const GAINESVILLE = CLINICS[0]!.uid

t.test('reminder offsets: "48h,2h" by default, configurable, refused when unreadable', async (t) => {
  t.same(parseReminderOffsets('48h,2h'), [2880, 120])
  t.same(parseReminderOffsets('2h, 1d ,15m'), [1440, 120, 15], 'largest first')
  t.equal(parseReminderOffsets('soon'), undefined)
  t.equal(parseReminderOffsets('0h'), undefined)
  const base = { DATABASE_URL: 'postgres://x@localhost/x', INTERNAL_TOKEN: 'x'.repeat(32) }
  const parsed = configSchema.safeParse({ ...base })
  if (parsed.success) t.same(parsed.data.APPOINTMENT_REMINDERS, [2880, 120])
  const bad = configSchema.safeParse({ ...base, APPOINTMENT_REMINDERS: 'tomorrow' })
  t.notOk(bad.success)
  t.match(JSON.stringify(bad.error?.issues), 'must be a list such as')
})

t.test('a reminder goes out once per offset, at its time; none for a cancelled visit; a moved visit is reminded of its new time', async (t) => {
  const clock = { now: new Date('2026-11-30T14:00:00Z') } // Monday 9:00 in Gainesville
  const config = await testConfig(t, { PUBLIC_URL: 'https://clinic.example' })
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => clock.now })
  t.teardown(() => app.close())
  const db = app.db
  const staff = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  const type = (await db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE).where('name', '=', 'Follow-up').executeTakeFirstOrThrow()).id
  const schedule = async (time: string, email: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/admin/appointments',
        headers: staff,
        payload: { user_id: randomUUID(), user_info: { first_name: 'Walter', last_name: 'Brooks', email }, location: GAINESVILLE, appointment_type_id: type, appointment_date: '2026-11-30', appointment_time: time },
      })
    ).json() as { id: string }
  const kept = await schedule('11:00', 'kept@example.com')
  const cancelled = await schedule('12:00', 'cancelled@example.com')
  const moved = await schedule('13:00', 'moved@example.com')
  await app.inject({ method: 'POST', url: `/admin/appointments/${cancelled.id}/cancel`, headers: staff })
  // created_at is the database's clock: set it to the test's, so the test reads the same on any day.
  await db.updateTable('appointments').set({ created_at: clock.now }).execute()

  const offsets = [60] // a short offset: an hour before
  const send = () => sendDueReminders(db, { now: clock.now, offsets, publicUrl: 'https://clinic.example' })
  const reminders = () => db.selectFrom('outbox').select(['key', 'payload']).where('key', 'like', 'appointment-reminder:%').orderBy('key').execute()

  t.equal(await send(), 0, 'at 9:00 nothing is due yet')
  clock.now = new Date('2026-11-30T15:00:00Z') // 10:00
  t.equal(await send(), 1, 'the 11:00 visit is reminded an hour before')
  t.equal(await send(), 0, 'once, however often (or by however many replicas) it is looked for')
  const [first] = await reminders()
  const email = first!.payload as { to: string; subject: string; text: string }
  t.equal(email.to, 'kept@example.com')
  t.match(first!.key, `appointment-reminder:${kept.id}:60m:`)
  t.equal(email.subject, 'Reminder: your Follow-up appointment on Monday, November 30, 2026 at 11:00 AM (Eastern Standard Time)')
  t.match(email.text, /Cancel this appointment: https:\/\/clinic\.example\/cancel-appointment\?token=/)

  // The confirmation's link still works after the reminder's: each e-mail carries its own.
  const tokenIn = (text: string) => /cancel-appointment\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? ''
  const confirmation = (await db.selectFrom('outbox').select('payload').where('key', '=', `appointment-confirmed:${kept.id}`).executeTakeFirstOrThrow()).payload as { text: string }
  for (const [name, token] of [['the confirmation', tokenIn(confirmation.text)], ['the reminder', tokenIn(email.text)]] as const) {
    const shown = await app.inject({ method: 'POST', url: '/cancel-link', payload: { token } })
    t.equal(shown.statusCode, 200, `${name}'s cancel link works`)
    t.equal(shown.json().id, kept.id)
  }

  // Move the 13:00 visit to 14:30 before its reminder: reminded an hour before the new time.
  t.equal((await app.inject({ method: 'POST', url: `/admin/appointments/${moved.id}/reschedule`, headers: staff, payload: { appointment_date: '2026-11-30', appointment_time: '14:30' } })).statusCode, 200)
  clock.now = new Date('2026-11-30T17:00:00Z') // 12:00: the cancelled visit's reminder would be due at 11:00, the old 13:00's now
  t.equal(await send(), 0, 'none for the cancelled visit, none for the old time')
  clock.now = new Date('2026-11-30T18:30:00Z') // 13:30
  t.equal(await send(), 1, 'the moved visit, an hour before its new time')
  const keys = (await reminders()).map((r) => r.key)
  t.equal(keys.length, 2)
  t.ok(keys.some((k) => k.startsWith(`appointment-reminder:${moved.id}:60m:2026-11-30T19:30:00.000Z`)), 'keyed by appointment, offset and start')
  t.notOk(keys.some((k) => k.includes(cancelled.id)))

  // Several replicas at once: still one e-mail per reminder.
  const late = await schedule('15:30', 'late@example.com')
  clock.now = new Date('2026-11-30T19:45:00Z') // 14:45: booked at 13:30, before its reminder fell due at 14:30
  await db.updateTable('appointments').set({ created_at: new Date('2026-11-30T18:30:00Z'), decided_at: new Date('2026-11-30T18:30:00Z') }).where('id', '=', late.id).execute()
  const results = await Promise.all([send(), send(), send()])
  t.equal(results.reduce((a, b) => a + b, 0), 1)
})

t.test('a reminder also texts the patient who gave a phone, with the cancel link and nothing they typed: once, never for a cancelled visit', async (t) => {
  const clock = { now: new Date('2026-11-30T13:30:00Z') } // Monday 8:30 in Gainesville
  const config = await testConfig(t, { PUBLIC_URL: 'https://clinic.example' })
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => clock.now })
  t.teardown(() => app.close())
  const db = app.db
  const staff = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  const type = (await db.selectFrom('appointment_types').select('id').where('location_uid', '=', GAINESVILLE).where('name', '=', 'Follow-up').executeTakeFirstOrThrow()).id
  const userId = randomUUID()
  const schedule = async (time: string, email: string, phone?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin/appointments',
      headers: staff,
      payload: {
        user_id: userId,
        user_info: { first_name: 'Walter', last_name: 'Brooks', email, ...(phone ? { phone } : {}) },
        location: GAINESVILLE,
        appointment_type_id: type,
        appointment_date: '2026-11-30',
        appointment_time: time,
        notes: 'Gate code 4411, ask for Walter',
      },
    })
    t.equal(res.statusCode, 201, `scheduled for ${time}`)
    return res.json() as { id: string }
  }
  const withPhone = await schedule('11:00', 'walter@example.com', '(770) 555-0123')
  await schedule('11:30', 'nophone@example.com')
  const cancelled = await schedule('12:00', 'cancelled@example.com', '(770) 555-0124')
  await app.inject({ method: 'POST', url: `/admin/appointments/${cancelled.id}/cancel`, headers: staff })
  await db.updateTable('appointments').set({ created_at: clock.now }).execute()

  const send = () => sendDueReminders(db, { now: clock.now, offsets: [120], publicUrl: 'https://clinic.example' })
  const texts = () => db.selectFrom('outbox').select(['key', 'payload']).where('topic', '=', 'text').orderBy('key').execute()

  t.equal(await send(), 0, 'at 8:30 nothing is due yet')
  t.same(await texts(), [], 'and nothing is texted')
  clock.now = new Date('2026-11-30T15:00:00Z') // 10:00: the 11:00 and 11:30 visits are two hours away
  const results = await Promise.all([send(), send(), send()])
  t.equal(results.reduce((a, b) => a + b, 0), 2, 'two reminders however many replicas look')
  const sent = await texts()
  t.equal(sent.length, 1, 'one text: the patient without a phone gets the e-mail alone, the cancelled visit nothing')
  const text = sent[0]!.payload as { kind: string; phone: string; body: string; location_uid: string; expires_at: string; email: string; user_id: string; appointment_id: string }
  t.match(text, { kind: 'appointment-reminder', phone: '+17705550123', location_uid: GAINESVILLE, expires_at: '2026-11-30T16:00:00.000Z', appointment_id: withPhone.id, email: 'walter@example.com', user_id: userId })
  t.equal(text.body.split('https://')[0], 'North Georgia Hearing Care: reminder of your Follow-up appointment at our Gainesville clinic, Mon, Nov 30 at 11:00 AM. Can\'t come? Cancel: ')
  t.notMatch(text.body, /Walter|Brooks|Gate code/, 'no name, no notes: the phone may be a household\'s')
  t.ok(text.body.length <= 320, `short: ${text.body.length} characters`)

  const token = /cancel-appointment\?token=([A-Za-z0-9_-]{43})/.exec(text.body)?.[1] ?? ''
  const shown = await app.inject({ method: 'POST', url: '/cancel-link', payload: { token } })
  t.equal(shown.statusCode, 200, "the text's cancel link works")
  t.equal(shown.json().id, withPhone.id)

  t.equal(await send(), 0)
  t.equal((await texts()).length, 1, 'sent once')
})
