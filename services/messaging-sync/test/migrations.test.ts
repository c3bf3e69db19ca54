import { roundTripMigrations } from '@hearing/infra/testing'
import t from 'tap'
import { SCHEMA } from '../src/app.js'
import { migrations } from '../src/migrations/index.js'
import { migrate, testConfig } from './helper.js'

t.test('every migration rolls back, and forward again to the same tables and columns (a release can be undone)', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  const trip = await roundTripMigrations(config.DATABASE_URL, SCHEMA, migrations)
  t.equal(trip.downError, undefined, 'every down step ran')
  t.equal(trip.undone, Object.keys(migrations).length)
  t.same(trip.emptied, [], 'nothing of the schema is left once all are undone')
  t.equal(trip.upError, undefined)
  t.ok(trip.before.length > 0)
  t.same(trip.after, trip.before, 'the same columns after the way back up')
})
