import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { REPO_ROOT } from './paths.js'

/**
 * What lets a warm start skip preparing the database (prepare-database.ts) when nothing changed:
 * a fingerprint of everything that decides the schemas and the seeded rows (the services' and the
 * kit's built code, the services' data files), written into the database itself once a
 * preparation succeeded. A database restored from an older backup, emptied or replaced carries
 * another fingerprint, or none, and is prepared again.
 */
const STAMPED = ['services']
const TABLE = 'launcher.prepared'

function files(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) files(full, out)
    else if (!entry.name.endsWith('.map') && !entry.name.endsWith('.d.ts')) out.push(full)
  }
  return out
}

export function preparationFingerprint(): string {
  const hash = createHash('sha256')
  for (const root of STAMPED) {
    for (const pkg of readdirSync(path.join(REPO_ROOT, root))) {
      for (const sub of ['dist', 'data']) {
        for (const file of files(path.join(REPO_ROOT, root, pkg, sub)).sort()) hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0')
      }
    }
  }
  return hash.digest('hex')
}

/** True when the database was last prepared with this very fingerprint. */
export async function alreadyPrepared(databaseUrl: string, fingerprint: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
    const { rows } = await client.query<{ fingerprint: string }>(`select fingerprint from ${TABLE}`)
    return rows.length === 1 && rows[0]!.fingerprint === fingerprint
  } catch {
    return false // no such table yet, or no answer: prepare, which says what is wrong
  } finally {
    await client.end().catch(() => {})
  }
}

/** Written by prepare-database.ts after everything succeeded. */
export async function stampPrepared(databaseUrl: string, fingerprint: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    await client.query('begin')
    await client.query('create schema if not exists launcher')
    await client.query(`create table if not exists ${TABLE} (fingerprint text not null)`)
    await client.query(`delete from ${TABLE}`)
    await client.query(`insert into ${TABLE} (fingerprint) values ($1)`, [fingerprint])
    await client.query('commit')
  } finally {
    await client.end()
  }
}
