import { locationNameOf, phoneDigits, SOURCE_KINDS, type SourceKind } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import { describeStart } from './availability.js'
import type { Database } from './database.js'
import { declinePendingFrom, emailKey, upcomingPendingRequests } from './visitor-request-store.js'

type Db = Kysely<Database>

const keyOf: Record<SourceKind, (row: { source_address: string | null; email: string; phone: string }) => string | null> = {
  address: (r) => r.source_address,
  email: (r) => emailKey(r.email),
  phone: (r) => phoneDigits(r.phone) ?? null,
}

/** How many upcoming requests waiting for staff are read at most for the grouping. */
const MAX_PENDING_READ = 5000

/**
 * Requests waiting for staff, grouped by where they came from: every address, e-mail and phone
 * with at least `min` upcoming pending requests, the largest groups first (a flood shows on top).
 */
export async function pendingBySource(db: Db, now: Date, min = 2) {
  const rows = await upcomingPendingRequests(db, now, MAX_PENDING_READ)
  const groups = new Map<string, { kind: SourceKind; value: string; requests: typeof rows }>()
  for (const row of rows) {
    for (const kind of SOURCE_KINDS) {
      const value = keyOf[kind](row)
      if (!value) continue
      const id = `${kind} ${value}`
      const group = groups.get(id) ?? { kind, value, requests: [] }
      group.requests.push(row)
      groups.set(id, group)
    }
  }
  return [...groups.values()]
    .filter((g) => g.requests.length >= min)
    .sort((a, b) => b.requests.length - a.requests.length || SOURCE_KINDS.indexOf(a.kind) - SOURCE_KINDS.indexOf(b.kind) || a.value.localeCompare(b.value))
    .map((g) => ({
      kind: g.kind,
      value: g.value,
      count: g.requests.length,
      requests: g.requests.map((r) => ({
        id: r.id,
        name: `${r.first_name} ${r.last_name}`,
        appointment_type: r.appointment_type,
        location_name: locationNameOf(r.location_uid) ?? null,
        when: describeStart(r.starts_at),
        requested_at: r.created_at.toISOString(),
      })),
    }))
}

/**
 * Releases every upcoming request of one source still waiting for staff: they are declined (their
 * times are free again) without e-mails, since a flood's e-mail addresses are often strangers'.
 * Returns how many were released.
 */
export async function releaseSource(db: Db, source: { kind: SourceKind; value: string }, { staffId, now }: { staffId: string; now: Date }): Promise<number> {
  if (source.kind === 'phone') {
    // Grouped by their last ten digits (keyOf): a phone with fewer has no requests to release.
    const digits = phoneDigits(source.value)
    return digits ? declinePendingFrom(db, { kind: 'phone', key: digits }, { staffId, now }) : 0
  }
  return declinePendingFrom(db, { kind: source.kind, key: source.kind === 'email' ? emailKey(source.value) : source.value }, { staffId, now })
}
