import type { Kysely } from 'kysely'
import { createDb, migrateToLatest, underLock, type Migrations } from './db.js'

/** Everything needed to bring a service's schema up to date. */
export interface SchemaPlan<DB = unknown> {
  schema: string
  migrations: Migrations
  /** Idempotent reference data (inserts that do nothing when the rows exist). */
  seed?(db: Kysely<DB>): Promise<void>
}

/**
 * Applies migrations and seeds against DATABASE_URL; the body of every service's migrate.js, which
 * each replica's init container runs. One schema's runs take turns (an advisory lock per schema), so
 * replicas starting together neither race on creating the schema nor seed twice at once.
 */
export async function migrateAndSeed<DB>(databaseUrl: string, { schema, migrations, seed }: SchemaPlan<DB>): Promise<string[]> {
  // One connection holds the lock, the others migrate and seed.
  const db = createDb<DB>({ url: databaseUrl, schema, max: 3 })
  try {
    return await underLock(db, `migrate:${schema}`, async () => {
      const { executed } = await migrateToLatest(db, schema, migrations)
      if (seed) await seed(db)
      return executed
    })
  } finally {
    await db.destroy()
  }
}

export async function runMigrateCli<DB>(opts: SchemaPlan<DB>): Promise<void> {
  const url = process.env.DATABASE_URL
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    process.stderr.write('Invalid configuration:\n  - DATABASE_URL: must be a postgres:// connection URL\n')
    process.exit(78)
  }
  try {
    const executed = await migrateAndSeed(url, opts)
    process.stdout.write(`${opts.schema}: ${executed.length ? `applied ${executed.join(', ')}` : 'up to date'}\n`)
  } catch (err) {
    process.stderr.write(`${opts.schema}: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  }
}
