import { testServiceBasics } from '@hearing/infra/testing'
import t from 'tap'
import { configSchema } from '../src/config.js'
import { kit } from './helper.js'

testServiceBasics(t, kit, { postgres: 'up', schema: 'up' })

t.test('configuration', async (t) => {
  const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1/db', INTERNAL_TOKEN: 'x'.repeat(32), SIGNING_KEY_SECRET: 's'.repeat(32) }
  t.equal(configSchema.parse(base).ACCESS_TOKEN_TTL_SECONDS, 900, 'tokens live 15 minutes by default')
  t.notOk(configSchema.safeParse({ ...base, ACCESS_TOKEN_TTL_SECONDS: '901' }).success, 'more than 15 minutes is refused')
  const defaults = configSchema.parse(base)
  t.match(defaults, { PUBLIC_URL: 'http://localhost:8080', REFRESH_TOKEN_TTL_DAYS: 14, SESSION_MAX_DAYS: 30, COOKIE_SECURE: true, GOOGLE_ISSUER: 'https://accounts.google.com' })
  t.equal(defaults.MESSAGING_INTERNAL_URL, undefined)
  t.equal(configSchema.parse({ ...base, COOKIE_SECURE: 'false' }).COOKIE_SECURE, false, "'false' means false")
  t.equal(configSchema.parse({ ...base, PUBLIC_URL: 'https://www.example.com/' }).PUBLIC_URL, 'https://www.example.com', 'no trailing slash')
  const halfGoogle = configSchema.safeParse({ ...base, GOOGLE_CLIENT_ID: 'id' })
  t.notOk(halfGoogle.success, 'Google credentials come in pairs')
  t.match(halfGoogle.error?.issues[0], { path: ['GOOGLE_CLIENT_SECRET'] }, 'naming the missing one')
  t.notOk(configSchema.safeParse({ ...base, REFRESH_TOKEN_TTL_DAYS: '40', SESSION_MAX_DAYS: '30' }).success, 'idle lifetime within the absolute one')
  t.notOk(configSchema.safeParse({ ...base, MESSAGING_INTERNAL_URL: 'messaging:3000' }).success)
  const { SIGNING_KEY_SECRET: _secret, ...noSecret } = base
  t.match(configSchema.safeParse(noSecret).error?.issues[0], { path: ['SIGNING_KEY_SECRET'] }, 'no secret to seal the signing keys: refused')
  t.match(configSchema.safeParse({ ...base, SIGNING_KEY_SECRET: 'short' }).error?.issues[0], { path: ['SIGNING_KEY_SECRET'], message: /at least 32/ }, 'a short one too')
  t.equal(defaults.SIGNING_KEY_ROTATE_DAYS, 30, 'keys rotate every 30 days by default')
})
