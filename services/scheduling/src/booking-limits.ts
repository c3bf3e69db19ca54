import { httpError } from '@hearing/service-kit'
import { clinicByUid, locationName, phoneDigits } from '@hearing/contracts'
import type { Kysely } from 'kysely'
import type { Database } from './database.js'
import { emailKey, lockVisitorKeys, pendingRequestsOf, type Visitor } from './visitor-request-store.js'

/**
 * How many requests one visitor may have waiting for staff. A visitor is one address, one e-mail or one phone:
 * a request matching any of them counts. Requests staff have confirmed no longer count.
 */
export interface BookingLimits {
  /** Pending upcoming requests per visitor, at all clinics together. */
  maxPendingPerVisitor: number
  /** Pending requests per visitor on one clinic's day: no single source can fill a day. */
  maxPendingPerDay: number
}

type Db = Kysely<Database>

/**
 * Within the booking's transaction: waits for any other request of the same visitor to finish
 * (advisory locks on each of the visitor's keys, taken in one order), then refuses the request
 * when the visitor already holds the most allowed, overall or on that clinic's day. The locks make
 * a burst of simultaneous requests count one by one.
 */
export async function holdVisitorLimits(trx: Db, visitor: Visitor, at: { locationUid: string; dayStart: Date; dayEnd: Date; now: Date }, limits: BookingLimits): Promise<void> {
  const phone = phoneDigits(visitor.phone)
  const keys = [`email:${emailKey(visitor.email)}`, ...(phone ? [`phone:${phone}`] : []), ...(visitor.address ? [`address:${visitor.address}`] : [])]
  await lockVisitorKeys(trx, keys)
  const held = await pendingRequestsOf(trx, visitor, at.now)
  const clinic = clinicByUid(at.locationUid)
  const call = clinic ? `please call our ${locationName(clinic)} clinic on ${clinic.phone}` : 'please call the clinic'
  if (held.length >= limits.maxPendingPerVisitor) {
    throw httpError(409, `You already have ${held.length} appointment requests waiting for us to confirm. We will be in touch about them; to change them or book another, ${call}.`)
  }
  const thatDay = held.filter((r) => r.location_uid === at.locationUid && r.starts_at >= at.dayStart && r.starts_at < at.dayEnd).length
  if (thatDay >= limits.maxPendingPerDay) {
    throw httpError(409, `You already have ${thatDay} appointment requests at this clinic on that day. To book more that day, ${call}.`)
  }
}
