import { assertMigrationsRoundTrip } from '@hearing/infra/testing'
import t from 'tap'
import { SCHEMA } from '../src/app.js'
import { migrations } from '../src/migrations/index.js'
import { migrate, testConfig } from './helper.js'

t.test('every migration rolls back, and forward again to the same tables and columns (a release can be undone)', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  await assertMigrationsRoundTrip(t, config.DATABASE_URL, SCHEMA, migrations)
})
