import { ACTIVITY_PAGE_SIZE, CLINIC_TIME_ZONE, type ActivityEntry, type activityQuery } from '@hearing/contracts'
import { toCsv, type AuditEventFields } from '@hearing/service-kit'
import { sql, type Kysely, type SqlBool } from 'kysely'
import type { z } from 'zod'
import type { Database } from './database.js'

/** A name or e-mail filter matches at most this many accounts. */
const MATCHES_MAX = 500
/** A CSV export holds at most this many records (narrow the filters for more). */
export const EXPORT_MAX = 50_000

type Filters = z.output<typeof activityQuery>

interface EventRow extends AuditEventFields {
  seq: string
  at: Date
}

/** Account ids whose name, e-mail or id contains `text` (any case). */
async function accountsMatching(db: Kysely<Database>, text: string): Promise<string[]> {
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', like),
        eb(sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`, 'like', like),
        eb(sql`id::text`, '=', text),
      ]),
    )
    .limit(MATCHES_MAX)
    .execute()
  return rows.map((r) => r.id)
}

/** The WHERE clause of the filters, or null when a name filter matches nobody (no records). */
async function conditions(db: Kysely<Database>, filters: Filters) {
  const parts = [sql<SqlBool>`true`]
  for (const [text, column] of [
    [filters.patient, 'patient_id'],
    [filters.actor, 'actor_id'],
  ] as const) {
    if (!text) continue
    const ids = await accountsMatching(db, text)
    if (ids.length === 0) return null
    parts.push(sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})`)
  }
  if (filters.action) parts.push(sql<SqlBool>`action = ${filters.action}`)
  if (filters.from) parts.push(sql<SqlBool>`at >= (${filters.from}::date)::timestamp at time zone ${CLINIC_TIME_ZONE}`)
  if (filters.to) parts.push(sql<SqlBool>`at < (${filters.to}::date + 1)::timestamp at time zone ${CLINIC_TIME_ZONE}`)
  return sql.join(parts, sql` and `)
}

/** Names and e-mails of the people the records mention (identity's own accounts). */
async function people(db: Kysely<Database>, rows: EventRow[]) {
  const ids = [...new Set(rows.flatMap((r) => [r.actor_id, r.patient_id]).filter((id): id is string => !!id))]
  const found = ids.length ? await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where(sql`id::text`, 'in', ids).execute() : []
  const byId = new Map(found.map((u) => [String(u.id), { id: String(u.id), email: u.email, name: [u.first_name, u.last_name].filter(Boolean).join(' ') || null }]))
  // An account since deleted still shows its id.
  return (id: string | null) => (id ? (byId.get(id) ?? { id, name: null, email: null }) : null)
}

async function entries(db: Kysely<Database>, rows: EventRow[]): Promise<ActivityEntry[]> {
  const who = await people(db, rows)
  return rows.map(({ actor_id, patient_id, at, ...r }) => ({ ...r, at: at.toISOString(), actor: who(actor_id), patient: who(patient_id) }))
}

const COLUMNS = sql`seq::text as seq, at, service, actor_id, actor_role, action, record_kind, record_id, patient_id, address, user_agent, outcome, detail`

/** One page of the audit trail, newest first. */
export async function activityPage(db: Kysely<Database>, filters: Filters) {
  const where = await conditions(db, filters)
  const empty = { entries: [], page: filters.page, page_size: ACTIVITY_PAGE_SIZE, total: 0 }
  if (!where) return empty
  const offset = (filters.page - 1) * ACTIVITY_PAGE_SIZE
  const [{ rows }, { rows: counted }] = await Promise.all([
    sql<EventRow>`select ${COLUMNS} from audit.events where ${where} order by events.seq desc limit ${ACTIVITY_PAGE_SIZE} offset ${offset}`.execute(db),
    sql<{ total: string }>`select count(*)::text as total from audit.events where ${where}`.execute(db),
  ])
  return { ...empty, entries: await entries(db, rows), total: Number(counted[0]?.total ?? 0) }
}

/** Every record the filters match (up to EXPORT_MAX), newest first, for the CSV export. */
export async function activityExport(db: Kysely<Database>, filters: Filters): Promise<ActivityEntry[]> {
  const where = await conditions(db, filters)
  if (!where) return []
  const { rows } = await sql<EventRow>`select ${COLUMNS} from audit.events where ${where} order by events.seq desc limit ${EXPORT_MAX}`.execute(db)
  return entries(db, rows)
}

const CSV_HEADER = ['time', 'staff id', 'staff name', 'staff email', 'role', 'action', 'record kind', 'record id', 'patient id', 'patient name', 'patient email', 'address', 'user agent', 'outcome', 'detail', 'service', 'record number']

export function activityCsv(rows: ActivityEntry[]): string {
  return toCsv(
    CSV_HEADER,
    rows.map((e) => [e.at, e.actor?.id, e.actor?.name, e.actor?.email, e.actor_role, e.action, e.record_kind, e.record_id, e.patient?.id, e.patient?.name, e.patient?.email, e.address, e.user_agent, e.outcome, e.detail, e.service, e.seq]),
  )
}
