import { sql, type Migration } from 'kysely'

/**
 * Staff's internal notes on an order request: who wrote it (id and name as they were),
 * when, and the plain text. Kept with the order and gone with it.
 */
export const orderNotes: Migration = {
  async up(db) {
    await sql`
      create table order_notes (
        id uuid primary key default gen_random_uuid(),
        order_id uuid not null references order_requests (id) on delete cascade,
        author_id text not null,
        author_name text not null,
        text text not null check (char_length(text) between 1 and 2000),
        created_at timestamptz not null default now()
      )
    `.execute(db)
    await sql`create index order_notes_order_idx on order_notes (order_id, created_at)`.execute(db)
  },
  async down(db) {
    await sql`drop table order_notes`.execute(db)
  },
}
