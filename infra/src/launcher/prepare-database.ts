import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { migrateAndSeed, type SchemaPlan } from '@hearing/service-kit'
import { REPO_ROOT, SERVICES } from './paths.js'
import { stampPrepared } from './schema-stamp.js'

/**
 * `node prepare-database.js`, run by the launcher before the services start: every service's schema
 * brought to its latest migration and seeded (in this one process, so the libraries they share
 * load once instead of five times), then the first admin account made sure of
 * (identity's bootstrap script, which reads DATABASE_URL, ADMIN_EMAIL and ADMIN_PASSWORD).
 * Prints what it changed, nothing when everything was current; exits 1 naming what failed. Given
 * PREPARED_FINGERPRINT, records it once all succeeded, so the next start may skip this (schema-stamp.ts).
 */
const url = process.env.DATABASE_URL
if (!url) {
  process.stderr.write('DATABASE_URL is required\n')
  process.exit(78)
}
const built = (dir: string, script: string) => pathToFileURL(path.join(REPO_ROOT, dir, 'dist', script)).href

try {
  // Loaded first, one after another: compiling modules blocks the event loop, and a connection
  // being opened meanwhile could miss its time limit.
  const plans: SchemaPlan[] = []
  for (const service of SERVICES) plans.push(((await import(built(service.dir, 'app.js'))) as { schemaPlan: SchemaPlan }).schemaPlan)
  const changes = await Promise.all(
    plans.map(async (plan) => {
      const executed = await migrateAndSeed(url, plan).catch((err: unknown) => {
        throw new Error(`${plan.schema}: ${err instanceof Error ? err.message : String(err)}`)
      })
      return executed.length ? `Migrated ${plan.schema}: applied ${executed.join(', ')}` : undefined
    }),
  )
  for (const line of changes) if (line) process.stdout.write(`${line}\n`)
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
}
// Its own output and exit code, as when run on its own.
await import(built(SERVICES[0]!.dir, 'bootstrap-admin.js'))
const fingerprint = process.env.PREPARED_FINGERPRINT
if (fingerprint && !process.exitCode) await stampPrepared(url, fingerprint)
