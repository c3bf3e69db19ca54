import { sql, type Migration } from 'kysely'

/**
 * Which order requests e-mailed a confirmation: the cap per recipient is counted from these rows,
 * so it holds without Redis. Earlier orders are taken as confirmed (they were, unless capped).
 */
export const orderConfirmations: Migration = {
  async up(db) {
    await sql`alter table order_requests add column confirmation_sent boolean not null default true`.execute(db)
  },
  async down(db) {
    await sql`alter table order_requests drop column confirmation_sent`.execute(db)
  },
}
