import { sql, type Migration } from 'kysely'

/** Records are kept this long; older ones are the only ones that may ever be deleted (a purge). */
export const AUDIT_RETENTION = '6 years'

/**
 * The audit trail: one `audit` schema shared by every service that records, created by whichever
 * service migrates first (each runs this once; every statement is idempotent, and a lock keeps two
 * services from creating it at the same moment).
 *
 * - Services write through the role `audit_writer` (INSERT only) and identity reads through
 *   `audit_reader` (SELECT): in production each service's login role is granted one of them, and
 *   neither may UPDATE, DELETE or TRUNCATE.
 * - Whoever connects (even the owner or a superuser), a trigger refuses UPDATE and TRUNCATE, and
 *   DELETE of any record younger than AUDIT_RETENTION.
 * - A BEFORE INSERT trigger numbers each record and chains it to the previous one: hash =
 *   sha256(previous hash | the record's fields), under a transaction lock so concurrent writers
 *   (several services, replicas) form one chain. `npm run audit:verify` recomputes it.
 */
export const auditTrailMigration: Migration = {
  async up(db) {
    await sql`select pg_advisory_xact_lock(hashtext('audit trail schema'))`.execute(db)
    await sql`create schema if not exists audit`.execute(db)
    // Roles belong to the whole cluster: another database's migration may be creating them too. A
    // migration role without CREATEROLE (some managed databases) leaves them to the operator.
    for (const role of ['audit_writer', 'audit_reader']) {
      await sql
        .raw(
          `do $$ begin
             if not exists (select from pg_roles where rolname = '${role}') then create role ${role} nologin; end if;
           exception when duplicate_object or unique_violation or insufficient_privilege then null;
           end $$`,
        )
        .execute(db)
    }
    await sql`
      create table if not exists audit.events (
        seq bigint primary key,
        at timestamptz not null,
        service text not null,
        actor_id text,
        actor_role text,
        action text not null,
        record_kind text,
        record_id text,
        patient_id text,
        address text,
        user_agent text,
        outcome integer,
        detail text,
        prev_hash text not null,
        hash text not null
      )
    `.execute(db)
    await sql`create index if not exists events_at_idx on audit.events (at)`.execute(db)
    await sql`create index if not exists events_patient_idx on audit.events (patient_id, seq)`.execute(db)
    await sql`create index if not exists events_actor_idx on audit.events (actor_id, seq)`.execute(db)
    await sql`create index if not exists events_action_idx on audit.events (action, seq)`.execute(db)

    // The fields as hashed: each text as hex of its UTF-8 bytes ('-' when null), joined by '|'.
    await sql`
      create or replace function audit.canonical(e audit.events) returns text
      language sql immutable set search_path = pg_catalog as $$
        select concat_ws('|', e.seq::text,
          to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
          coalesce(encode(convert_to(e.service, 'UTF8'), 'hex'), '-'),
          coalesce(encode(convert_to(e.actor_id, 'UTF8'), 'hex'), '-'),
          coalesce(encode(convert_to(e.actor_role, 'UTF8'), 'hex'), '-'),
          coalesce(encode(convert_to(e.action, 'UTF8'), 'hex'), '-'),
          coalesce(encode(convert_to(e.record_kind, 'UTF8'), 'hex'), '-'),
          coalesce(encode(convert_to(e.record_id, 'UTF8'), 'hex'), '-'),
          coalesce(encode(convert_to(e.patient_id, 'UTF8'), 'hex'), '-'),
          coalesce(encode(convert_to(e.address, 'UTF8'), 'hex'), '-'),
          coalesce(encode(convert_to(e.user_agent, 'UTF8'), 'hex'), '-'),
          coalesce(e.outcome::text, '-'),
          coalesce(encode(convert_to(e.detail, 'UTF8'), 'hex'), '-'))
      $$
    `.execute(db)
    // SECURITY DEFINER: a writer that may only insert still reads the chain's last link here.
    await sql`
      create or replace function audit.chain() returns trigger
      language plpgsql security definer set search_path = pg_catalog, audit as $$
      declare
        last record;
      begin
        perform pg_advisory_xact_lock(hashtext('audit.events chain'));
        select seq, hash into last from audit.events order by seq desc limit 1;
        new.seq := coalesce(last.seq, 0) + 1;
        new.prev_hash := coalesce(last.hash, repeat('0', 64));
        new.at := clock_timestamp();
        new.hash := encode(sha256(convert_to(new.prev_hash || '|' || audit.canonical(new), 'UTF8')), 'hex');
        return new;
      end
      $$
    `.execute(db)
    await sql`
      create or replace function audit.refuse_change() returns trigger
      language plpgsql set search_path = pg_catalog as $$
      begin
        if tg_op = 'DELETE' and tg_level = 'ROW' and old.at < now() - interval '${sql.raw(AUDIT_RETENTION)}' then
          return old;
        end if;
        raise exception 'audit records cannot be changed or removed (only those older than ${sql.raw(AUDIT_RETENTION)} may be purged)'
          using errcode = 'insufficient_privilege';
      end
      $$
    `.execute(db)
    await sql`create or replace trigger events_chain before insert on audit.events for each row execute function audit.chain()`.execute(db)
    await sql`create or replace trigger events_unchangeable before update or delete on audit.events for each row execute function audit.refuse_change()`.execute(db)
    await sql`create or replace trigger events_no_truncate before truncate on audit.events for each statement execute function audit.refuse_change()`.execute(db)

    await sql`revoke all on audit.events from public`.execute(db)
    await sql`
      do $$ begin
        if exists (select from pg_roles where rolname = 'audit_writer') then
          grant usage on schema audit to audit_writer;
          grant insert on audit.events to audit_writer;
        end if;
        if exists (select from pg_roles where rolname = 'audit_reader') then
          grant usage on schema audit to audit_reader;
          grant select on audit.events to audit_reader;
        end if;
      end $$
    `.execute(db)
  },
  // Rolling a service back leaves the trail as it is: it is every service's, and its records may
  // not be removed by any of them.
  async down() {},
}
