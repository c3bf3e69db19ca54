import { createHash } from 'node:crypto'
import { sql, type Kysely } from 'kysely'

/** What the chain check found: how many records it read, and each break (at most `limit`). */
export interface ChainReport {
  checked: number
  problems: Array<{ seq: string; problem: string }>
}

/** What a record of audit.events says (seq, time and hashes aside). */
export interface AuditEventFields {
  service: string
  actor_id: string | null
  actor_role: string | null
  action: string
  record_kind: string | null
  record_id: string | null
  patient_id: string | null
  address: string | null
  user_agent: string | null
  outcome: number | null
  detail: string | null
}

interface StoredEvent extends AuditEventFields {
  seq: string
  at_text: string
  prev_hash: string
  hash: string
}

const GENESIS = '0'.repeat(64)
const hex = (value: string | null) => (value === null ? '-' : Buffer.from(value, 'utf8').toString('hex'))

/** The same serialisation as audit.canonical() in the migration, recomputed here independently. */
function expectedHash(e: StoredEvent): string {
  const fields = [e.seq, e.at_text, hex(e.service), hex(e.actor_id), hex(e.actor_role), hex(e.action), hex(e.record_kind), hex(e.record_id), hex(e.patient_id), hex(e.address), hex(e.user_agent), e.outcome === null ? '-' : String(e.outcome), hex(e.detail)]
  return createHash('sha256').update(`${e.prev_hash}|${fields.join('|')}`, 'utf8').digest('hex')
}

/**
 * Reads the whole audit trail in order and recomputes its hash chain: a record altered, removed
 * or inserted out of turn (by someone who got past the table's triggers) breaks it. The oldest
 * record kept is the anchor: records before it were purged after the retention period.
 */
export async function verifyAuditChain(db: Kysely<unknown>, { batch = 1000, limit = 20 } = {}): Promise<ChainReport> {
  const report: ChainReport = { checked: 0, problems: [] }
  let previous: StoredEvent | undefined
  for (;;) {
    const after = previous?.seq ?? '0'
    const { rows } = await sql<StoredEvent>`
      select seq::text as seq, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_text, service, actor_id, actor_role,
             action, record_kind, record_id, patient_id, address, user_agent, outcome, detail, prev_hash, hash
      from audit.events where events.seq > ${after}::bigint order by events.seq limit ${batch}
    `.execute(db)
    for (const row of rows) {
      const say = (problem: string) => report.problems.length < limit && report.problems.push({ seq: row.seq, problem })
      if (previous && BigInt(row.seq) !== BigInt(previous.seq) + 1n) say(`records ${BigInt(previous.seq) + 1n} to ${BigInt(row.seq) - 1n} are missing`)
      if (previous && row.prev_hash !== previous.hash) say('does not follow the record before it (previous hash differs)')
      if (!previous && row.seq === '1' && row.prev_hash !== GENESIS) say('the first record does not start the chain')
      if (expectedHash(row) !== row.hash) say('its content does not match its hash (altered)')
      report.checked += 1
      previous = row
    }
    if (rows.length < batch) return report
  }
}
