import { sql, type Migration } from 'kysely'

/** Staff page through every request waiting for a decision, the longest waiting first. */
export const pendingRequestsIndex: Migration = {
  async up(db) {
    await sql`create index appointments_pending_idx on appointments (created_at, id) where status = 'pending'`.execute(db)
  },
  async down(db) {
    await sql`drop index appointments_pending_idx`.execute(db)
  },
}
