import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { SERVICE_REGISTRY } from '@hearing/contracts'
import { createDb, migrateToLatest, type SchemaPlan } from '@hearing/service-kit'
import pg from 'pg'
import { REPO_ROOT } from '../launcher/paths.js'

/**
 * How `create database` copies its template: file by file. PostgreSQL's default (WAL_LOG) writes
 * every block of the template through the WAL, about 250 ms per small database on the tests'
 * throwaway cluster against 20 ms file by file, and every test makes one.
 */
export const COPY_STRATEGY = 'strategy file_copy'

/**
 * Each service's migrations run once per PostgreSQL server into a template database; every test's
 * database is then a copy of it (`create database … template …`), in milliseconds instead of the
 * seconds a full migration run takes. The template's name carries a hash of the migrations (their
 * names, their code and the files of the service's src/migrations), so a changed or added migration
 * makes a new template and an old one is never used for it.
 *
 * Each template notes (as its database comment) the checkout that made it and when a test process
 * last used it. Making or using a template drops that same checkout's other templates of the schema
 * left unused for STALE_AFTER_MS (its migrations changed since): never one another checkout made,
 * which another run may be using, and never one used recently, which a run still going may copy.
 */
const STALE_AFTER_MS = 60 * 60 * 1000

/**
 * The longest any statement of the template's connection may wait (its lock, a copy, a drop): a
 * stuck one fails the test that asked, saying which statement, instead of hanging the suite until
 * tap's own timeout. Generous: a template's migrations under a loaded machine take seconds.
 */
const STATEMENT_TIMEOUT_MS = 120_000

interface TemplateNote {
  /** The checkout whose test run made it. */
  owner: string
  /** When a test process last took it (ISO time). */
  usedAt: string
}

function readNote(comment: string | null): TemplateNote | undefined {
  try {
    const note = JSON.parse(comment ?? '') as Partial<TemplateNote>
    return typeof note.owner === 'string' && typeof note.usedAt === 'string' ? { owner: note.owner, usedAt: note.usedAt } : undefined
  } catch {
    return undefined
  }
}

/** Its note, its owner kept (a template another checkout made stays theirs), used now. */
async function noteUse(admin: pg.Client, name: string, owner: string): Promise<void> {
  const { rows } = await admin.query<{ comment: string | null }>('select shobj_description(oid, $2) as comment from pg_database where datname = $1', [name, 'pg_database'])
  const note = { owner: readNote(rows[0]?.comment ?? null)?.owner ?? owner, usedAt: new Date().toISOString() }
  await admin.query(`comment on database ${name} is ${admin.escapeLiteral(JSON.stringify(note))}`)
}

/** This checkout's templates of `schema` other than `current`, unused for STALE_AFTER_MS: dropped. */
async function dropStaleTemplates(admin: pg.Client, schema: string, current: string, owner: string): Promise<void> {
  const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where datistemplate and datname <> $1', [current])
  const ofSchema = new RegExp(`^tpl_${schema}_[0-9a-f]{16}$`)
  for (const { name } of rows.filter((r) => ofSchema.test(r.name))) {
    // Under the template's own lock, as makeTemplate takes it: a process noting its use waits, or finds it gone and makes it anew.
    const { rows: locked } = await admin.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [name])
    if (!locked[0]?.ok) continue
    try {
      const { rows: noted } = await admin.query<{ comment: string | null }>('select shobj_description(oid, $2) as comment from pg_database where datname = $1', [name, 'pg_database'])
      const note = readNote(noted[0]?.comment ?? null)
      if (!note || note.owner !== owner || Date.now() - Date.parse(note.usedAt) < STALE_AFTER_MS) continue
      await admin.query(`alter database ${name} is_template false`)
      await admin.query(`drop database if exists ${name}`)
    } catch (err) {
      // Tidying up, not the test's work: a template that cannot be dropped now is dropped next time.
      process.stderr.write(`templates: could not drop the stale template ${name} (${(err as Error).message}); left for a later run\n`)
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name])
    }
  }
}

/** Every file under a directory (sorted), or nothing when it does not exist. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((f) => path.join(dir, f))
      .filter((f) => statSync(f).isFile())
  } catch {
    return []
  }
}

/** The template's name for this schema and migration set. */
export function templateName(plan: Pick<SchemaPlan, 'schema' | 'migrations'>): string {
  const hash = createHash('sha256').update(plan.schema)
  for (const [name, migration] of Object.entries(plan.migrations).sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`\0${name}\0${String(migration.up)}\0${String(migration.down ?? '')}`)
  }
  const service = SERVICE_REGISTRY.find((s) => s.schema === plan.schema)
  if (service) for (const file of filesUnder(path.join(REPO_ROOT, service.dir, 'src', 'migrations'))) hash.update(`\0${path.basename(file)}\0`).update(readFileSync(file))
  return `tpl_${plan.schema}_${hash.digest('hex').slice(0, 16)}`
}

const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const made = new Map<string, Promise<string>>()

/**
 * The name of the migrated template for `plan` on the server, made on first use. Test processes
 * that race to make it queue on an advisory lock; the template appears under its name only once
 * complete (built under another name, then renamed), and takes no connections afterwards, so
 * copying it never finds it busy.
 */
export function migratedTemplate(serverUrl: string, plan: Pick<SchemaPlan, 'schema' | 'migrations'>): Promise<string> {
  const name = templateName(plan)
  const key = `${serverUrl}\0${name}`
  let template = made.get(key)
  if (!template) {
    template = makeTemplate(serverUrl, name, plan)
    made.set(key, template)
    template.catch(() => made.delete(key))
  }
  return template
}

async function makeTemplate(serverUrl: string, name: string, plan: Pick<SchemaPlan, 'schema' | 'migrations'>): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl, statement_timeout: STATEMENT_TIMEOUT_MS })
  await admin.connect()
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name])
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (rowCount) {
      await noteUse(admin, name, REPO_ROOT)
      await dropStaleTemplates(admin, plan.schema, name, REPO_ROOT)
      return name
    }
    const building = `${name}_${randomBytes(4).toString('hex')}`
    await admin.query(`create database ${building} ${COPY_STRATEGY}`)
    try {
      const db = createDb({ url: withDatabase(serverUrl, building), schema: plan.schema, max: 1 })
      try {
        await migrateToLatest(db, plan.schema, plan.migrations)
      } finally {
        await db.destroy()
      }
      await admin.query(`alter database ${building} rename to ${name}`)
    } catch (err) {
      await admin.query(`drop database if exists ${building} with (force)`)
      throw err
    }
    await admin.query(`alter database ${name} with is_template true allow_connections false`)
    await noteUse(admin, name, REPO_ROOT)
    await dropStaleTemplates(admin, plan.schema, name, REPO_ROOT)
    return name
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {})
    await admin.end()
  }
}
