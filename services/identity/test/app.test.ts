import { testServiceBasics } from '@hearing/infra/testing'
import t from 'tap'
import { configSchema } from '../src/config.js'
import { kit } from './helper.js'

testServiceBasics(t, kit, { postgres: 'up' })

t.test('configuration', async (t) => {
  const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1/db', INTERNAL_TOKEN: 'x'.repeat(32) }
  t.equal(configSchema.parse(base).ACCESS_TOKEN_TTL_SECONDS, 900, 'tokens live 15 minutes by default')
  t.notOk(configSchema.safeParse({ ...base, ACCESS_TOKEN_TTL_SECONDS: '901' }).success, 'more than 15 minutes is refused')
})
