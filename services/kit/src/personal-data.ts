import {
  erasureOutcome,
  PERSONAL_DATA_ERASE_PATH,
  PERSONAL_DATA_EXPORT_PATH,
  personalDataPart,
  personalDataSubject,
  phoneDigits,
  type ErasureOutcome,
  type PersonalDataSection,
  type PersonalDataSubject,
} from '@hearing/contracts'
import { sql, type Expression, type QueryExecutorProvider, type RawBuilder, type SqlBool } from 'kysely'
import { errorBody } from './validation.js'
import type { App } from './fastify.js'

/**
 * How every service finds one person's rows: by the account's id, or by an e-mail
 * address or phone they used (a booking or order request made signed out). E-mails compare
 * trimmed and lower-cased, phones by their last 10 digits, however typed or stored.
 * A phone alone does not name a person: households share one. So a phone matches only a row
 * that names no account and no e-mail (one naming the person's own is found by that already).
 */

export interface SubjectKeys {
  userId: string
  emails: string[]
  phones: string[]
}

export function subjectKeys(subject: PersonalDataSubject): SubjectKeys {
  return widenKeys({ userId: subject.user_id, emails: [], phones: [] }, subject)
}

/** The keys with these addresses and phones added (records found by one key name the others). */
export function widenKeys(keys: SubjectKeys, found: { emails: readonly string[]; phones: readonly string[] }): SubjectKeys {
  return {
    userId: keys.userId,
    emails: [...new Set([...keys.emails, ...found.emails.map((e) => e.trim().toLowerCase()).filter((e) => e.length > 0)])],
    phones: [...new Set([...keys.phones, ...found.phones.map(phoneDigits).filter((p): p is string => p !== undefined)])],
  }
}

const digitsOf = (value: Expression<unknown> | RawBuilder<unknown>) => sql`right(regexp_replace(${value}, '\\D', '', 'g'), 10)`

/** Whether a row's columns (any of them optional) name the person. */
export function rowOfPerson(keys: SubjectKeys, columns: { userId?: string; email?: string; phone?: string }): RawBuilder<SqlBool> {
  const tests: RawBuilder<unknown>[] = []
  if (columns.userId) tests.push(sql`${sql.ref(columns.userId)}::text = ${keys.userId}`)
  if (columns.email && keys.emails.length > 0) tests.push(sql`lower(btrim(${sql.ref(columns.email)})) = any(${keys.emails}::text[])`)
  if (columns.phone && keys.phones.length > 0) {
    const namesNoOneElse = [
      ...(columns.userId ? [sql`${sql.ref(columns.userId)} is null`] : []),
      ...(columns.email ? [sql`coalesce(btrim(${sql.ref(columns.email)}), '') = ''`] : []),
    ]
    tests.push(sql`(${sql.join([sql`${digitsOf(sql.ref(columns.phone))} = any(${keys.phones}::text[])`, ...namesNoOneElse], sql` and `)})`)
  }
  if (tests.length === 0) return sql<SqlBool>`false`
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`
}

/**
 * Whether an outbox or delivery payload (the outbox topics' shapes) is about the person: an e-mail
 * to them, a message, contact or appointment with their address, phone or account.
 */
export function payloadOfPerson(keys: SubjectKeys, column = 'payload'): RawBuilder<SqlBool> {
  const field = (name: string) => sql`(${sql.ref(column)} ->> ${name})`
  const tests: RawBuilder<unknown>[] = [sql`${field('user_id')} = ${keys.userId}`]
  if (keys.emails.length > 0) {
    tests.push(sql`lower(btrim(${field('to')})) = any(${keys.emails}::text[])`, sql`lower(btrim(${field('email')})) = any(${keys.emails}::text[])`)
    // A contact-form message carries the address in its text only.
    tests.push(sql`exists (select from unnest(${keys.emails}::text[]) as e(address) where strpos(lower(${field('text')}), e.address) > 0)`)
  }
  if (keys.phones.length > 0) {
    // By phone only when nothing in it names an account or an address (a household's phone).
    const namesNoOneElse = sql`${field('user_id')} is null and ${field('to')} is null and coalesce(btrim(${field('email')}), '') = '' and strpos(coalesce(${field('text')}, ''), '@') = 0`
    tests.push(sql`(${digitsOf(field('phone'))} = any(${keys.phones}::text[]) and ${namesNoOneElse})`)
  }
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`
}

/**
 * Removes the person's rows from a producer's outbox, handed over or not (the outbox keeps what it
 * handed over; messaging-sync erases its own copy). Resolves to how many rows went.
 */
export async function eraseOutboxOfPerson(db: QueryExecutorProvider, keys: SubjectKeys): Promise<number> {
  const result = await sql`delete from outbox where ${payloadOfPerson(keys)}`.execute(db)
  return Number(result.numAffectedRows ?? 0)
}

/** What a service that holds personal data provides to identity (registerPersonalDataRoutes). */
export interface PersonalDataHandlers {
  /** The person's records, by section. */
  exportFor(keys: SubjectKeys): Promise<PersonalDataSection[]>
  /** Erases (or anonymizes what the practice keeps) in one transaction; idempotent. */
  eraseFor(keys: SubjectKeys): Promise<Omit<ErasureOutcome, 'service' | 'found'> & { found?: ErasureOutcome['found'] }>
}

/**
 * The two internal routes identity calls (the kit's /internal guard demands the service
 * credential): POST the person, get their records, or have them erased.
 */
export function registerPersonalDataRoutes(app: App, service: string, handlers: PersonalDataHandlers): void {
  const errors = { 400: errorBody, 403: errorBody, 503: errorBody }
  app.post(PERSONAL_DATA_EXPORT_PATH, { schema: { body: personalDataSubject, response: { 200: personalDataPart, ...errors } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    return { service, sections: await handlers.exportFor(subjectKeys(req.body)) }
  })
  app.post(PERSONAL_DATA_ERASE_PATH, { schema: { body: personalDataSubject, response: { 200: erasureOutcome, ...errors } } }, async (req) => {
    const outcome = await handlers.eraseFor(subjectKeys(req.body))
    // Counts only: nothing that names the person reaches the log.
    req.log.info({ erased: outcome.erased, kept: outcome.kept }, 'personal data erased')
    const found = { emails: [...new Set(outcome.found?.emails.map((e) => e.trim().toLowerCase()))], phones: [...new Set(outcome.found?.phones)] }
    return { service, ...outcome, found }
  })
}
