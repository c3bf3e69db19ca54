import { spawnSync } from 'node:child_process'
import t from 'tap'
import { ConfigError, loadConfig, serviceEnvSchema } from '../src/config.js'

const good = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  INTERNAL_TOKEN: 'x'.repeat(32),
  IDENTITY_JWKS_URL: 'http://identity:3000/.well-known/jwks.json',
}

t.test('a valid environment parses, with defaults', async (t) => {
  const config = loadConfig(serviceEnvSchema, good)
  t.equal(config.PORT, 3000)
  t.equal(config.HOST, '0.0.0.0')
  t.equal(config.JWT_AUDIENCE, 'hearing-care-api')
})

t.test('every bad variable is named in the error', async (t) => {
  const err = t.throws(() => loadConfig(serviceEnvSchema, { ...good, DATABASE_URL: 'mysql://x', PORT: 'eighty', INTERNAL_TOKEN: 'short' })) as ConfigError
  t.ok(err instanceof ConfigError)
  t.match(err.message, /DATABASE_URL: must be a postgres:\/\/ connection URL/)
  t.match(err.message, /PORT:/)
  t.match(err.message, /INTERNAL_TOKEN: must be at least 32 characters/)
  t.notMatch(err.message, /short/, 'the secret value itself is not echoed')
})

t.test('a missing variable is reported as required', async (t) => {
  const { DATABASE_URL: _omit, ...rest } = good
  const err = t.throws(() => loadConfig(serviceEnvSchema, rest)) as ConfigError
  t.match(err.message, /DATABASE_URL: is required/)
})

t.test('a service process refuses to start and names the bad variable', async (t) => {
  const server = new URL('../../messaging-sync/dist/server.js', import.meta.url)
  const result = spawnSync(process.execPath, [server.pathname], {
    env: { PATH: process.env.PATH, ...good, REDIS_URL: 'not-a-url' },
    encoding: 'utf8',
    timeout: 60_000, // a guard against a hang, not a speed check: a busy machine starts Node slowly
  })
  t.equal(result.status, 78, 'exits with EX_CONFIG')
  t.match(result.stderr, /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/)
})
