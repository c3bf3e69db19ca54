import { randomUUID } from 'node:crypto'
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { build, migrate, testConfig } from './helper.js'

interface Jwks {
  keys: Array<Record<string, unknown>>
}

t.test('GET /.well-known/jwks.json publishes the active public key only', async (t) => {
  const { app, db } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'public, max-age=300')
  const { keys } = res.json() as Jwks
  t.equal(keys.length, 1)
  const [key] = keys
  t.same(Object.keys(key!).sort(), ['alg', 'crv', 'kid', 'kty', 'use', 'x'], 'public members only, no d')
  t.match(key, { kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' })
  const stored = await db.selectFrom('signing_keys').selectAll().executeTakeFirstOrThrow()
  t.equal(key!.kid, stored.kid)
  t.equal(stored.algorithm, 'EdDSA')
  t.equal(stored.private_jwk, null, 'no private key in clear in the database')
  t.match(stored.private_jwk_sealed, /^v1\./, 'it is kept sealed')
  t.notOk(res.body.includes(stored.private_jwk_sealed!.split('.')[3]!), 'and never published')
})

t.test('retired keys leave the JWKS', async (t) => {
  // Without background work: its first housekeeping round (which also maintains the keys) would race this test's edits.
  const config = await testConfig(t)
  await migrate(config)
  const app = await buildApp(config, { logLevel: false, background: false })
  t.teardown(() => app.close())
  const db = app.db
  await app.ready()
  await db.updateTable('signing_keys').set({ retired_at: new Date() }).execute()
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })
  const publicJwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(publicJwk)
  await db
    .insertInto('signing_keys')
    .values({ kid, public_jwk: JSON.stringify(publicJwk), private_jwk: JSON.stringify(await exportJWK(privateKey)), activates_at: new Date(0) })
    .execute()
  const res = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })
  t.same((res.json() as Jwks).keys.map((k) => k.kid), [kid])
})

t.test('two replicas booting at once end with exactly one active key', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  const [a, b] = await Promise.all([buildApp(config, { logLevel: false }), buildApp(config, { logLevel: false })])
  t.teardown(() => Promise.all([a.close(), b.close()]))
  await Promise.all([a.ready(), b.ready()])
  const rows = await a.db.selectFrom('signing_keys').select('kid').where('retired_at', 'is', null).execute()
  t.equal(rows.length, 1)
  const [ja, jb] = await Promise.all([a, b].map(async (app) => (await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json()))
  t.same(ja, jb, 'both publish the same key')
  const token = await a.tokens.signAccessToken({ sub: 'user-1', role: 'customer', sid: randomUUID() })
  const res = await b.inject({ method: 'GET', url: '/healthz', headers: { authorization: `Bearer ${token}` } })
  t.equal(res.statusCode, 200, 'a token one replica signs is accepted by the other')
})
