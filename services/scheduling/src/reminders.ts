import type { Kysely } from 'kysely'
import { cancelLink, newCancelToken } from './appointments.js'
import type { Database } from './database.js'
import { queuePatientEmail, reminderEmail } from './patient-emails.js'
import { queuePatientText, reminderText } from './patient-texts.js'
import { claimReminder, dueForReminder, lockUpcomingConfirmed } from './reminder-store.js'

type Db = Kysely<Database>

const UNIT_MINUTES = { m: 1, h: 60, d: 24 * 60 } as const
/** Visits reminded of per offset in one run; the rest wait for the next. */
const REMINDERS_PER_RUN = 200

/** "48h,2h" (also m and d) as minutes, largest first; undefined when it is not such a list. */
export function parseReminderOffsets(value: string): number[] | undefined {
  const parts = value.split(',').map((p) => p.trim()).filter(Boolean)
  const minutes = parts.map((p) => {
    const match = /^(\d{1,4})([mhd])$/.exec(p)
    return match ? Number(match[1]) * UNIT_MINUTES[match[2] as keyof typeof UNIT_MINUTES] : NaN
  })
  if (minutes.some((m) => !Number.isInteger(m) || m <= 0)) return undefined
  return [...new Set(minutes)].sort((a, b) => b - a)
}

/**
 * E-mails (and texts, when the patient gave a phone) every reminder now due: a confirmed visit
 * starting within `offset` from now, already confirmed (or moved there) when the reminder fell
 * due, and not reminded of at that offset for that start. Cancelled visits are no longer
 * confirmed; a moved one has a new start, so its reminders follow the new time. The reminder row,
 * its e-mail and its text are committed together, and the row's primary key lets one replica
 * alone send them. Returns how many reminders were queued.
 */
export async function sendDueReminders(db: Db, { now, offsets, publicUrl }: { now: Date; offsets: readonly number[]; publicUrl: string }): Promise<number> {
  let sent = 0
  for (const offset of offsets) {
    const due = await dueForReminder(db, now, offset, REMINDERS_PER_RUN)
    for (const { id } of due) if (await remind(db, id, offset, { now, publicUrl })) sent++
  }
  return sent
}

async function remind(db: Db, id: string, offset: number, { now, publicUrl }: { now: Date; publicUrl: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The row as it is now (it may have been cancelled or moved since it was found).
    const row = await lockUpcomingConfirmed(trx, id, now)
    if (!row) return false
    if (!(await claimReminder(trx, { appointmentId: id, offsetMinutes: offset, startsAt: row.starts_at }))) return false
    // A fresh link: the newest e-mail about the visit carries the one that works.
    const link = cancelLink(publicUrl, await newCancelToken(trx, id), row.language)
    const occasion = `${offset}m:${row.starts_at.toISOString()}`
    await queuePatientEmail(trx, id, 'appointment-reminder', reminderEmail(row, link), occasion)
    // And a text to their phone, sent through the messaging provider (kept, never sent, by the local one).
    await queuePatientText(trx, row, 'appointment-reminder', reminderText(row, link), occasion)
    return true
  })
}
