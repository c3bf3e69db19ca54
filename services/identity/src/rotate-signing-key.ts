import { createDb, loadConfigOrExit } from '@hearing/service-kit'
import { configFields } from './config.js'
import type { Database } from './database.js'
import { SCHEMA } from './schema.js'
import { KEY_PUBLISH_LEAD_MS, rotateSigningKey, sealerFrom } from './signing-keys/index.js'

/**
 * `node dist/rotate-signing-key.js [--immediately]`: an operator's key rotation (identity also
 * rotates by itself every SIGNING_KEY_ROTATE_DAYS). The new key is published at once and signs
 * after 15 minutes; with --immediately (a key thought to be leaked) it signs at once and every
 * older key is retired, so tokens they signed stop working. Reads DATABASE_URL and SIGNING_KEY_SECRET.
 */
const immediately = process.argv.includes('--immediately')
const config = loadConfigOrExit(configFields.pick({ DATABASE_URL: true, SIGNING_KEY_SECRET: true, SIGNING_KEY_SECRET_PREVIOUS: true }))
const db = createDb<Database>({ url: config.DATABASE_URL, schema: SCHEMA, max: 1 })
try {
  const { created, retired } = await rotateSigningKey(db, sealerFrom(config), { immediately })
  const lines = [`New signing key ${created.join(', ')}: published now, signing ${immediately ? 'now' : `in ${KEY_PUBLISH_LEAD_MS / 60_000} minutes`}.`]
  if (retired.length > 0) lines.push(`Retired: ${retired.join(', ')}.`)
  process.stdout.write(`${lines.join('\n')}\n`)
} catch (err) {
  process.stderr.write(`identity: could not rotate the signing key: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exitCode = 1
} finally {
  await db.destroy()
}
