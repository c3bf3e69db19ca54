import { Kysely, Migrator, PostgresDialect, sql, type Migration, type MigrationResult } from 'kysely'
import pg from 'pg'

export interface DbOptions {
  url: string
  /** The service's own Postgres schema: every unqualified table name resolves there. */
  schema: string
  onError?: (err: Error) => void
  max?: number
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/

/** A Kysely instance whose connections live in the service's own schema. */
export function createDb<DB>({ url, schema, onError, max = 10 }: DbOptions): Kysely<DB> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`)
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    options: `-c search_path=${schema} -c statement_timeout=15000`,
  })
  // An idle client whose server went away must not crash the process (it reconnects on next use).
  pool.on('error', (err) => onError?.(err))
  // Nor may a client that is checked out between two statements (inside a transaction) when the
  // server goes away: the pool listens only to idle clients, and an 'error' nobody listens to is
  // an uncaught exception. The transaction's next statement fails instead, and its caller handles it.
  pool.on('connect', (client) => client.on('error', (err) => onError?.(err)))
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  pools.set(db, pool)
  return db
}

const pools = new WeakMap<object, pg.Pool>()

/** pg-pool's error when no connection came free within connectionTimeoutMillis: the service is busy, not broken. */
export function isPoolExhausted(err: unknown): boolean {
  return err instanceof Error && err.message === 'timeout exceeded when trying to connect'
}

/** Network errors of a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/**
 * PostgreSQL's own: class 08 (connection exception), 57P01–57P03 (the server shutting down, crashed,
 * or not accepting connections yet) and 53300 (too many connections).
 */
const SERVER_CODES = /^(08...|57P0[123]|53300)$/
/** node-postgres's words for a connection that ended under it. */
const CONNECTION_MESSAGES = /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout expired)/

/**
 * Whether the database could not be had (down, restarting, unreachable, out of connections) rather
 * than a query having failed: the service is temporarily unavailable (503), not broken (500).
 * Looks through wrapped causes and AggregateError's errors (a refused connection to each address).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 5) return false
  const { code } = err as Error & { code?: unknown }
  if (isPoolExhausted(err) || CONNECTION_MESSAGES.test(err.message)) return true
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || SERVER_CODES.test(code))) return true
  const nested = [err.cause, ...(err instanceof AggregateError ? err.errors : [])]
  return nested.some((e) => isDatabaseUnavailable(e, depth + 1))
}

/** Connections of a createDb pool: open, idle, and requests waiting for one (for the metrics). */
export function poolUse(db: object): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db)
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }
}

export type Migrations = Record<string, Migration>

export interface MigrateResult {
  executed: string[]
}

/**
 * Brings the service's schema to the latest migration. Safe to run again and from several
 * replicas at once (Kysely takes a lock table in the same schema).
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, schema: string, migrations: Migrations): Promise<MigrateResult> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`)
  // Code of the previous release against a schema a newer release already migrated (a rollback):
  // every migration it knows is there, so there is nothing to do. Kysely's Migrator would refuse the
  // migrations it does not know ("corrupted migrations").
  if ((await schemaState(db, schema, migrations)).pending.length === 0) return { executed: [] }
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db)
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => migrations },
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r: MigrationResult) => r.status === 'Error')
  if (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`migration ${failed?.migrationName ?? ''} of schema ${schema} failed: ${reason}`)
  }
  return { executed: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) }
}

export interface SchemaState {
  /** Migrations the code knows that the schema has not had yet: the schema is behind the code. */
  pending: string[]
  /** Migrations the schema has had that the code does not know: a newer release ran them. */
  unknown: string[]
}

/** How the service's schema compares with the migrations its code knows (Kysely's migration table in that schema). */
export async function schemaState<DB>(db: Kysely<DB>, schema: string, migrations: Migrations): Promise<SchemaState> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`)
  const { rows: table } = await sql<{ found: string | null }>`select to_regclass(${`${schema}.kysely_migration`}) as found`.execute(db)
  const applied = table[0]?.found
    ? (await sql<{ name: string }>`select name from ${sql.id(schema, 'kysely_migration')}`.execute(db)).rows.map((r) => r.name)
    : []
  const known = Object.keys(migrations)
  return { pending: known.filter((name) => !applied.includes(name)), unknown: applied.filter((name) => !known.includes(name)) }
}

/**
 * Runs `work` while holding the session advisory lock of that name on one connection, waiting for
 * it as long as another process (a replica's init container) holds it.
 */
export async function underLock<DB, T>(db: Kysely<DB>, name: string, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    // Waiting for the lock is not a slow statement: a long migration elsewhere may hold it for minutes.
    await sql`set statement_timeout = 0`.execute(conn)
    await sql`select pg_advisory_lock(hashtext(${name}))`.execute(conn)
    try {
      return await work()
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(conn)
      await sql`reset statement_timeout`.execute(conn)
    }
  })
}

/**
 * Runs `work` unless another process (a replica) is running the work of that name: a session
 * advisory lock held on one connection for the duration. Periodic jobs (sweepers) use it so each
 * tick runs once across all replicas; the others skip theirs. Resolves false when skipped.
 */
export async function onceAcrossReplicas<DB>(db: Kysely<DB>, name: string, work: () => Promise<void>): Promise<boolean> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(hashtext(${name})) as got`.execute(conn)
    if (!rows[0]?.got) return false
    try {
      await work()
      return true
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(conn)
    }
  })
}

/** Resolves true when the database answers a trivial query within the time limit. */
export async function databaseReachable<DB>(db: Kysely<DB>, timeoutMs = 2000): Promise<boolean> {
  return withTimeout(sql`select 1`.execute(db).then(() => true), timeoutMs).catch(() => false)
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
