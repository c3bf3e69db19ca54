import { createDb, loadConfigOrExit } from '@hearing/service-kit'
import { bootstrapAdmin, BootstrapError } from './accounts/admin-bootstrap.js'
import { configFields } from './config.js'
import type { Database } from './database.js'
import { SCHEMA } from './schema.js'

/**
 * `node dist/bootstrap-admin.js`, run after the migrations (the launcher does): makes sure an admin
 * exists. Reads DATABASE_URL, and ADMIN_EMAIL / ADMIN_PASSWORD when set. Prints the new admin's
 * credentials once when it creates one (the password only if it generated it); prints nothing
 * when an admin exists.
 */
const config = loadConfigOrExit(configFields.pick({ DATABASE_URL: true, ADMIN_EMAIL: true, ADMIN_PASSWORD: true }))
const db = createDb<Database>({ url: config.DATABASE_URL, schema: SCHEMA, max: 1 })
try {
  const result = await bootstrapAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD })
  if (result.created) {
    const lines = [`Admin account created: ${result.email}`]
    if (result.generatedPassword) {
      lines.push(`Password: ${result.generatedPassword}`, 'This password is shown only once: keep it somewhere safe, then change it after signing in.')
    } else {
      lines.push('Password: the one in ADMIN_PASSWORD.')
    }
    process.stdout.write(`${lines.join('\n')}\n`)
  }
} catch (err) {
  const message = err instanceof BootstrapError ? err.message : `could not create the admin account: ${err instanceof Error ? err.message : String(err)}`
  process.stderr.write(`identity: ${message}\n`)
  process.exitCode = err instanceof BootstrapError ? 78 : 1
} finally {
  await db.destroy()
}
