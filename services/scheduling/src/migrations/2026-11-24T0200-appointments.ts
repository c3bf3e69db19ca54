import { sql, type Migration } from 'kysely'

/**
 * Appointments and the days a clinic is closed. No two live appointments (pending or confirmed) of
 * one location may overlap: an exclusion constraint decides it in the database, so two patients
 * racing for one slot cannot both get it, whatever the number of replicas.
 */
export const appointments: Migration = {
  async up(db) {
    await sql`create extension if not exists btree_gist`.execute(db)
    await sql`
      create table appointments (
        id uuid primary key default gen_random_uuid(),
        location_uid text not null,
        appointment_type_id uuid not null references appointment_types (id),
        appointment_type text not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        status text not null default 'pending' check (status in ('pending', 'confirmed', 'declined', 'cancelled')),
        source text not null check (source in ('public', 'staff')),
        user_id uuid,
        first_name text not null,
        last_name text not null,
        email text not null,
        phone text not null,
        address_line1 text,
        address_line2 text,
        city text,
        state text,
        zip_code text,
        notes text,
        created_at timestamptz not null default now(),
        check (ends_at > starts_at),
        constraint appointments_no_overlap exclude using gist (location_uid with =, tstzrange(starts_at, ends_at) with &&)
          where (status in ('pending', 'confirmed'))
      )
    `.execute(db)
    await sql`create index appointments_location_starts_idx on appointments (location_uid, starts_at)`.execute(db)
    await sql`
      create table closed_dates (
        location_uid text not null,
        date date not null,
        reason text,
        primary key (location_uid, date)
      )
    `.execute(db)
  },
  async down(db) {
    await sql`drop table closed_dates`.execute(db)
    await sql`drop table appointments`.execute(db)
  },
}
