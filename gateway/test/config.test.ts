import path from 'node:path'
import { ConfigError, loadConfig } from '@hearing/service-kit'
import t from 'tap'
import { configSchema } from '../src/config.js'

const required = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  IDENTITY_URL: 'http://127.0.0.1:4001',
  SCHEDULING_URL: 'http://127.0.0.1:4002',
  MESSAGING_URL: 'http://127.0.0.1:4003',
  CATALOGUE_URL: 'http://127.0.0.1:4004',
  CONTENT_URL: 'http://127.0.0.1:4005',
}

t.test('defaults', async (t) => {
  const config = loadConfig(configSchema, required)
  t.match(config, {
    PORT: 8080,
    HOST: '0.0.0.0',
    LOG_LEVEL: 'info',
    TRUSTED_PROXIES: [],
    RATE_LIMIT_MAX: 300,
    RATE_LIMIT_WINDOW_MS: 60_000,
    BODY_LIMIT_BYTES: 1_048_576,
    UPSTREAM_TIMEOUT_MS: 10_000,
    PUBLIC_URL: undefined,
  })
  t.equal(config.WEB_DIST_DIR, path.resolve(import.meta.dirname, '../../web/dist'), "the repo's web/dist")
})

t.test('TRUSTED_PROXIES takes addresses and ranges; an empty PUBLIC_URL is unset', async (t) => {
  const config = loadConfig(configSchema, { ...required, TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1,loopback', PUBLIC_URL: '' })
  t.same(config.TRUSTED_PROXIES, ['10.0.0.0/8', '127.0.0.1', '::1', 'loopback'])
  t.equal(config.PUBLIC_URL, undefined)
})

t.test('bad or missing values are refused, each naming its variable', async (t) => {
  const err = t.throws(() =>
    loadConfig(configSchema, { ...required, IDENTITY_URL: undefined, TRUSTED_PROXIES: '10.0.0.0/33', RATE_LIMIT_MAX: '0', PUBLIC_URL: 'example.org' }),
  ) as ConfigError
  t.type(err, ConfigError)
  t.match(err.problems, [/^IDENTITY_URL: is required/, /^TRUSTED_PROXIES: /, /^RATE_LIMIT_MAX: /, /^PUBLIC_URL: /])
  t.throws(() => loadConfig(configSchema, { ...required, TRUSTED_PROXIES: 'proxy.example.org' }), /TRUSTED_PROXIES/)
})
