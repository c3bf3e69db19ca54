import { sql, type Migration } from 'kysely'

/**
 * The staff inbox's assignee (who on the staff looks after a message; the name as it was when
 * assigned) and staff's e-mailed replies to a message, each with the e-mail delivery that carries it
 * (null once that e-mail's row is purged; the reply itself stays with its message).
 */
export const inboxAssigneesReplies: Migration = {
  async up(db) {
    await sql`alter table deliveries add column assigned_to text, add column assigned_name text, add column assigned_at timestamptz`.execute(db)
    await sql`create index deliveries_assigned_idx on deliveries (assigned_to) where assigned_to is not null`.execute(db)
    await sql`
      create table inbox_replies (
        id uuid primary key default gen_random_uuid(),
        message_id uuid not null references deliveries (id) on delete cascade,
        author_id text not null,
        author_name text not null,
        text text not null check (char_length(text) between 1 and 5000),
        email_delivery_id uuid references deliveries (id) on delete set null,
        created_at timestamptz not null default now()
      )
    `.execute(db)
    await sql`create index inbox_replies_message_idx on inbox_replies (message_id, created_at)`.execute(db)
  },
  async down(db) {
    await sql`drop table inbox_replies`.execute(db)
    await sql`alter table deliveries drop column assigned_to, drop column assigned_name, drop column assigned_at`.execute(db)
  },
}
