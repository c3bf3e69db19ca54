import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { stackSecret } from '../src/launcher/backing-services.js'
import { launcherConfig } from '../src/launcher/config.js'

t.test('stack secrets: generated once into DATA_DIR (owner-only), reused on the next start, the environment wins', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stack-secrets-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const config = launcherConfig({ DATA_DIR: dir })

  const first = stackSecret(config, 'signing-key-secret', undefined)
  t.ok(first.length >= 32, 'long enough for identity (at least 32 characters)')
  const file = path.join(dir, 'signing-key-secret')
  t.equal(readFileSync(file, 'utf8'), first, 'kept in DATA_DIR')
  t.equal(statSync(file).mode & 0o777, 0o600, 'readable by its owner only')
  t.equal(stackSecret(config, 'signing-key-secret', undefined), first, 'the next start reuses it')
  t.not(stackSecret(config, 'internal-token', undefined), first, 'each secret is its own')
  t.equal(stackSecret(config, 'signing-key-secret', 'g'.repeat(40)), 'g'.repeat(40), 'a value from the environment wins')
  t.throws(() => launcherConfig({ SIGNING_KEY_SECRET: 'short' }), /SIGNING_KEY_SECRET: must be at least 32 characters/, 'a short one is refused')
})
