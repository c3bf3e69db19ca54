import { randomUUID } from 'node:crypto'
import { randomBytes } from 'node:crypto'
import { calculateJwkThumbprint, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify } from 'jose'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { createSealer } from '../src/signing-keys/seal.js'
import { KEY_PUBLISH_LEAD_MS, maintainSigningKeys, rotateSigningKey, sealerFrom, type KeyPolicy } from '../src/signing-keys/index.js'
import type { Config } from '../src/config.js'
import { build, migrate, testConfig, type Db } from './helper.js'

const MINUTE = 60_000
const DAY = 86_400_000
const policy: KeyPolicy = { rotateAfterMs: 30 * DAY, tokenTtlMs: 15 * MINUTE }

interface Jwks {
  keys: Array<{ kid: string }>
}
const activeRows = (db: Db) => db.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).orderBy('activates_at').execute()

t.test('sealing: AES-256-GCM bound to the key id, opened by the current or the previous secret only', async (t) => {
  const secret = randomBytes(32)
  const sealer = createSealer(secret)
  const sealed = sealer.seal('kid-1', '{"d":"private"}')
  t.notOk(sealed.includes('private'), 'the plaintext does not show')
  t.not(sealer.seal('kid-1', '{"d":"private"}'), sealed, 'a fresh IV each time')
  t.equal(sealer.open('kid-1', sealed), '{"d":"private"}')
  t.throws(() => sealer.open('kid-2', sealed), { name: 'SealError', message: /does not authenticate/ }, 'moved to another row: refused')
  const [v, id, iv, body] = sealed.split('.')
  const flipped = Buffer.from(body!, 'base64url')
  flipped[0]! ^= 1
  t.throws(() => sealer.open('kid-1', [v, id, iv, flipped.toString('base64url')].join('.')), { name: 'SealError', message: /does not authenticate/ }, 'tampered: refused')
  t.throws(() => createSealer(randomBytes(32)).open('kid-1', sealed), /another SIGNING_KEY_SECRET/, 'another secret cannot open it, and says which variable to set')
  t.equal(createSealer(randomBytes(32), secret).open('kid-1', sealed), '{"d":"private"}', 'the previous secret still opens it during a change')
})

t.test('a database backup holds no usable private key', async (t) => {
  const { app, db } = await build(t)
  await app.ready()
  const token = await app.tokens.signAccessToken({ sub: 'user-1', role: 'customer', sid: randomUUID() })
  const dump = JSON.stringify(await db.selectFrom('signing_keys').selectAll().execute())
  t.notMatch(dump, /"d":/, 'no JWK private member anywhere in the table')
  const [row] = await activeRows(db)
  t.equal(row!.kid, decodeProtectedHeader(token).kid, 'the sealed key is the one signing')
})

t.test('keys kept in clear before this change are sealed at boot and go on signing', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  const first = await buildApp(config, { logLevel: false, background: false })
  await first.ready()
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })
  const publicJwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(publicJwk)
  const db = first.db
  await db.updateTable('signing_keys').set({ retired_at: new Date() }).execute()
  await db.insertInto('signing_keys').values({ kid, public_jwk: JSON.stringify(publicJwk), private_jwk: JSON.stringify(await exportJWK(privateKey)), activates_at: new Date(0) }).execute()
  await first.close()

  const app = await buildApp(config, { logLevel: false, background: false })
  t.teardown(() => app.close())
  await app.ready()
  const row = await app.db.selectFrom('signing_keys').selectAll().where('kid', '=', kid).executeTakeFirstOrThrow()
  t.equal(row.private_jwk, null, 'the clear copy is gone')
  t.match(row.private_jwk_sealed, /^v1\./, 'sealed instead')
  const token = await app.tokens.signAccessToken({ sub: 'user-1', role: 'customer', sid: randomUUID() })
  t.equal(decodeProtectedHeader(token).kid, kid, 'the same key still signs')
  await jwtVerify(token, publicKey)
})

t.test('a wrong SIGNING_KEY_SECRET stops the boot with a message, and mints no new key', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  const first = await buildApp(config, { logLevel: false, background: false })
  await first.ready()
  await first.close()
  const wrong = await buildApp({ ...config, SIGNING_KEY_SECRET: randomBytes(32).toString('base64url') }, { logLevel: false, background: false })
  t.teardown(() => wrong.close())
  await t.rejects(Promise.resolve(wrong.ready()), /sealed with another SIGNING_KEY_SECRET/)
  t.equal((await activeRows(wrong.db)).length, 1, 'still the one key')
})

t.test('changing the secret: with the old one as SIGNING_KEY_SECRET_PREVIOUS, keys are re-sealed under the new one', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  const first = await buildApp(config, { logLevel: false, background: false })
  await first.ready()
  await first.close()
  const next = { ...config, SIGNING_KEY_SECRET: randomBytes(32).toString('base64url'), SIGNING_KEY_SECRET_PREVIOUS: config.SIGNING_KEY_SECRET }
  const app = await buildApp(next, { logLevel: false, background: false })
  await app.ready()
  await app.close()
  const alone = await buildApp({ ...next, SIGNING_KEY_SECRET_PREVIOUS: undefined }, { logLevel: false, background: false })
  t.teardown(() => alone.close())
  await alone.ready()
  t.ok(await alone.tokens.signAccessToken({ sub: 'user-1', role: 'customer', sid: randomUUID() }), 'the new secret alone opens the key')
})

/** What a replica starting now on this database publishes and signs with. */
async function freshView(t: Parameters<typeof build>[0], config: Config) {
  const app = await buildApp(config, { logLevel: false, background: false })
  t.teardown(() => app.close())
  await app.ready()
  const kids = ((await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as Jwks).keys.map((k) => k.kid).sort()
  const signer = decodeProtectedHeader(await app.tokens.signAccessToken({ sub: 'user-1', role: 'customer', sid: randomUUID() })).kid
  await app.close()
  return { kids, signer }
}

t.test('rotation: a successor after 30 days, published before it signs; the old key kept until its tokens expire, then destroyed', async (t) => {
  const { app, db, config } = await build(t)
  await app.ready()
  const sealer = sealerFrom(config)
  const [old] = await activeRows(db)
  const none = { created: [], retired: [], resealed: [] }

  t.same(await maintainSigningKeys(db, sealer, policy, new Date()), none, 'a young key: nothing to do')

  const now = new Date(old!.created_at.getTime() + 30 * DAY + MINUTE)
  const rotated = await maintainSigningKeys(db, sealer, policy, now)
  t.equal(rotated.created.length, 1, 'after 30 days a successor is created')
  const successor = rotated.created[0]!
  const successorRow = (await activeRows(db)).find((r) => r.kid === successor)!
  t.equal(successorRow.activates_at.getTime(), now.getTime() + KEY_PUBLISH_LEAD_MS, 'signing 15 minutes later')
  t.same(await maintainSigningKeys(db, sealer, policy, now), none, 'another replica doing the same creates nothing more')

  const view = await freshView(t, config)
  t.same(view.kids, [old!.kid, successor].sort(), 'both are published at once')
  t.equal(view.signer, old!.kid, 'the old key signs until the successor’s time comes')

  const afterTakeover = new Date(now.getTime() + KEY_PUBLISH_LEAD_MS + 10 * MINUTE)
  t.same(await maintainSigningKeys(db, sealer, policy, afterTakeover), none, 'the old key stays while tokens it signed may be alive')

  const later = new Date(now.getTime() + KEY_PUBLISH_LEAD_MS + policy.tokenTtlMs + 3 * MINUTE)
  t.same((await maintainSigningKeys(db, sealer, policy, later)).retired, [old!.kid], 'then it is retired')
  const gone = await db.selectFrom('signing_keys').selectAll().where('kid', '=', old!.kid).executeTakeFirstOrThrow()
  t.equal(gone.private_jwk_sealed, null, 'and its private part destroyed')
})

t.test('an operator’s rotation: published at once, signing once its time comes; --immediately retires every other key', async (t) => {
  const { app, db, config } = await build(t)
  await app.ready()
  const sealer = sealerFrom(config)
  const [old] = await activeRows(db)
  const { created } = await rotateSigningKey(db, sealer)
  const successor = created[0]!
  t.same(await freshView(t, config), { kids: [old!.kid, successor].sort(), signer: old!.kid }, 'published, not signing yet')
  await db.updateTable('signing_keys').set({ activates_at: new Date() }).where('kid', '=', successor).execute()
  t.equal((await freshView(t, config)).signer, successor, 'the successor signs once its time has come')

  const emergency = await rotateSigningKey(db, sealer, { immediately: true })
  t.same(emergency.retired.sort(), [old!.kid, successor].sort(), 'every other key retired')
  t.same(await freshView(t, config), { kids: emergency.created, signer: emergency.created[0] }, 'only the new key is published, and it signs')
})
