import { z } from 'zod'

/**
 * A person's own data: identity owns the account and gathers the rest from every service
 * that holds personal data through two internal routes (service credential), then erases it there
 * the same way when the account is deleted. The person is found by the account's id and by every
 * e-mail address and phone they used, since bookings and order requests may be made signed out.
 */
export const PERSONAL_DATA_EXPORT_PATH = '/internal/personal-data/export'
export const PERSONAL_DATA_ERASE_PATH = '/internal/personal-data/erase'

/** The services identity asks, in the order erasure runs: messaging-sync last, after the others' outboxes were emptied of the person. */
export const PERSONAL_DATA_SERVICES = ['scheduling', 'catalogue', 'content', 'messaging-sync'] as const
export type PersonalDataService = (typeof PERSONAL_DATA_SERVICES)[number]

export const personalDataSubject = z.strictObject({
  user_id: z.uuid(),
  emails: z.array(z.string().trim().toLowerCase().max(320).pipe(z.email())).min(1).max(50),
  phones: z.array(z.string().trim().min(1).max(40)).max(50).default([]),
})
export type PersonalDataSubject = z.output<typeof personalDataSubject>
export type PersonalDataSubjectInput = z.input<typeof personalDataSubject>

/** One kind of record a service holds about the person, each record as plain fields. */
export const personalDataSection = z.object({
  key: z.string(),
  title: z.string(),
  records: z.array(z.record(z.string(), z.unknown())),
})
export type PersonalDataSection = z.infer<typeof personalDataSection>

/** One service's part of the export. */
export const personalDataPart = z.object({ service: z.string(), sections: z.array(personalDataSection) })
export type PersonalDataPart = z.infer<typeof personalDataPart>

/**
 * What the practice keeps after an account is deleted, without the person's name or contact
 * details: shown before they confirm, and counted in the outcome. The key is what services report.
 */
export const RECORDS_KEPT_AFTER_DELETION = {
  visits: {
    what: 'Appointments that took place',
    reason: 'The practice must keep a record of the care it gave (date, clinic and type of visit). It is kept without your name or contact details.',
  },
  'fitted-orders': {
    what: 'Hearing aids you were fitted with',
    reason: 'The practice must keep its sales for its accounts (items, amount and date). They are kept without your name or contact details.',
  },
  'audit-trail': {
    what: 'The record of staff access to your account',
    reason: 'For security the practice keeps, for six years, which staff member opened or changed an account and when. It names your account only by its number, never by your name or contact details.',
  },
  'provider-contact': {
    what: 'Your contact at our messaging provider',
    reason: 'Our messaging provider offers no way to delete a contact through its interface, so the practice removes it there by hand.',
  },
} as const satisfies Record<string, { what: string; reason: string }>
export type KeptRecordKind = keyof typeof RECORDS_KEPT_AFTER_DELETION
const keptKinds = Object.keys(RECORDS_KEPT_AFTER_DELETION) as [KeptRecordKind, ...KeptRecordKind[]]

/**
 * What one service's erasure did: records removed, and records kept anonymized (by kind). `found`:
 * other addresses and phones on the person's records (a booking matched by phone, made with
 * another address), so that the services after it (messaging-sync: the e-mails sent there) find
 * those too.
 */
export const erasureOutcome = z.object({
  service: z.string(),
  erased: z.number().int().min(0),
  kept: z.array(z.object({ kind: z.enum(keptKinds), count: z.number().int().min(1) })),
  found: z.object({ emails: z.array(z.string()), phones: z.array(z.string()) }).default({ emails: [], phones: [] }),
})
export type ErasureOutcome = z.infer<typeof erasureOutcome>

/** Identity's answer to GET /me/data (and the staff copy): every service's part, and which could not be read. */
export const personalDataExport = z.object({
  generated_at: z.string(),
  parts: z.array(personalDataPart),
  /** Services that did not answer: the export is incomplete and says so. */
  missing: z.array(z.string()),
})
export type PersonalDataExport = z.infer<typeof personalDataExport>

/** An account deletion as the person (or staff) is told about it. */
export const erasureStatus = z.object({
  id: z.string(),
  status: z.enum(['running', 'completed']),
  /** Services whose part is not erased yet (retried automatically). */
  pending: z.array(z.string()),
  /** count: records kept; null for the audit trail (always kept, not counted). */
  kept: z.array(z.object({ kind: z.enum(keptKinds), what: z.string(), reason: z.string(), count: z.number().int().nullable() })),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
})
export type ErasureStatus = z.infer<typeof erasureStatus>

/** The subject with what a service found added (each once, within the contract's bounds). */
export function widenSubject(subject: PersonalDataSubject, found: { emails: string[]; phones: string[] }): PersonalDataSubject {
  const emails = [...new Set([...subject.emails, ...found.emails.map((e) => e.trim().toLowerCase()).filter((e) => z.email().safeParse(e).success)])].slice(0, 50)
  const phones = [...new Set([...subject.phones, ...found.phones.map((p) => p.trim()).filter((p) => p.length > 0 && p.length <= 40)])].slice(0, 50)
  return { ...subject, emails, phones }
}
