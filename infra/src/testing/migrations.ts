import { createDb } from '@hearing/service-kit'
import type { Test } from 'tap'
import { Migrator, NO_MIGRATIONS, sql, type Kysely, type Migration } from 'kysely'

/** The schema's columns (table, column, type, nullability), one line each, without Kysely's own tables. */
async function columnsOf(db: Kysely<unknown>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select table_name || '.' || column_name || ' ' || data_type || case when is_nullable = 'YES' then ' null' else '' end as line
    from information_schema.columns
    where table_schema = ${schema} and table_name not like 'kysely\\_%'
    order by table_name, column_name`.execute(db)
  return rows.map((r) => r.line)
}

/**
 * A service's migrations all undone, then all applied again, on a migrated database: every `down`
 * runs (a release can be rolled back) and the way up gives back the same columns. Resolves to the
 * columns before, once emptied, and after, with either direction's error.
 */
async function roundTripMigrations(databaseUrl: string, schema: string, migrations: Record<string, Migration>) {
  const db = createDb<unknown>({ url: databaseUrl, schema, max: 1 })
  try {
    const migrator = new Migrator({ db, migrationTableSchema: schema, provider: { getMigrations: async () => migrations } })
    const before = await columnsOf(db, schema)
    const down = await migrator.migrateTo(NO_MIGRATIONS)
    const emptied = await columnsOf(db, schema)
    const up = await migrator.migrateToLatest()
    return { before, emptied, after: await columnsOf(db, schema), undone: down.results?.length ?? 0, downError: down.error, upError: up.error }
  } finally {
    await db.destroy()
  }
}

/** The round trip's checks, the same for every service: each `down` runs and the way up gives back every column. */
export async function assertMigrationsRoundTrip(t: Test, databaseUrl: string, schema: string, migrations: Record<string, Migration>) {
  const trip = await roundTripMigrations(databaseUrl, schema, migrations)
  t.equal(trip.downError, undefined, 'every down step ran')
  t.equal(trip.undone, Object.keys(migrations).length)
  t.same(trip.emptied, [], 'nothing of the schema is left once all are undone')
  t.equal(trip.upError, undefined)
  t.ok(trip.before.length > 0)
  t.same(trip.after, trip.before, 'the same columns after the way back up')
}
