import { testServiceBasics } from '@hearing/infra/testing'
import t from 'tap'
import { build, kit, migrate } from './helper.js'

testServiceBasics(t, kit, { postgres: 'up', schema: 'up' })

t.test('seeding a second time adds no rows', async (t) => {
  const { config, db } = await build(t)
  await migrate(config)
  const { count } = await db.selectFrom('appointment_types').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()
  t.equal(Number(count), 18, 'nine types at each of the two clinics')
})
