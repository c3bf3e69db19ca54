import { sql, type Migration } from 'kysely'

/**
 * Sync Existing Users (Admin → Settings): one row per run, at most one running. Each user it hands
 * to the provider is a contact delivery carrying the run's id, so progress is counted from the
 * deliveries themselves and survives restarts of this service and of Redis.
 */
export const contactSyncs: Migration = {
  async up(db) {
    await sql`
      create table contact_syncs (
        id uuid primary key default gen_random_uuid(),
        status text not null default 'running' check (status in ('running', 'completed', 'failed')),
        provider text not null,
        total integer not null default 0,
        skipped integer not null default 0,
        listed boolean not null default false,
        cursor text,
        error text,
        started_by text not null,
        started_at timestamptz not null default now(),
        finished_at timestamptz
      )
    `.execute(db)
    await sql`create unique index contact_syncs_one_running on contact_syncs ((true)) where status = 'running'`.execute(db)
    await sql`alter table deliveries add column batch_id uuid`.execute(db)
    await sql`create index deliveries_batch_idx on deliveries (batch_id, status) where batch_id is not null`.execute(db)
  },
  async down(db) {
    await sql`drop index deliveries_batch_idx`.execute(db)
    await sql`alter table deliveries drop column batch_id`.execute(db)
    await sql`drop table contact_syncs`.execute(db)
  },
}
