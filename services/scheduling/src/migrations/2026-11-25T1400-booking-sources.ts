import { sql, type Migration } from 'kysely'

/**
 * Where a public booking request came from (the client's address as the gateway determined it), so
 * one visitor cannot hold more than a few requests, and staff can see and release a source's
 * requests together. Requests waiting for staff are looked up by address, e-mail and phone.
 */
export const bookingSources: Migration = {
  async up(db) {
    await sql`alter table appointments add column source_address text`.execute(db)
    await sql`create index appointments_pending_address_idx on appointments (source_address) where status = 'pending'`.execute(db)
    await sql`create index appointments_pending_email_idx on appointments (regexp_replace(lower(email), '[+][^@]*@', '@')) where status = 'pending'`.execute(db)
    await sql`create index appointments_pending_phone_idx on appointments (right(regexp_replace(phone, '[^0-9]', '', 'g'), 10)) where status = 'pending'`.execute(db)
  },
  async down(db) {
    await sql`drop index appointments_pending_phone_idx`.execute(db)
    await sql`drop index appointments_pending_email_idx`.execute(db)
    await sql`drop index appointments_pending_address_idx`.execute(db)
    await sql`alter table appointments drop column source_address`.execute(db)
  },
}
