import t from 'tap'
import { build } from './helper.js'

t.test('GET /locations lists both clinics, Gainesville first', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/locations' })
  t.equal(res.statusCode, 200)
  const body = res.json() as Array<{ uid: string; name: string }>
  t.same(body.map((l) => l.name), ['Gainesville', 'Dawsonville'])
  for (const l of body) {
    t.match(l.uid, /^[0-9a-f-]{36}$/, 'each location has a uid')
    t.same(Object.keys(l).sort(), ['name', 'uid'], 'only uid and name are exposed')
  }
})

t.test('seeding twice keeps exactly two clinics', async (t) => {
  const { app, config } = await build(t)
  const { migrateAndSeed } = await import('@hearing/service-kit')
  const { migrations } = await import('../src/migrations/index.js')
  const { seed } = await import('../src/seed.js')
  const again = await migrateAndSeed(config.DATABASE_URL, { schema: 'messaging', migrations, seed })
  t.same(again, [], 'no migration runs a second time')
  const res = await app.inject({ method: 'GET', url: '/locations' })
  t.equal((res.json() as unknown[]).length, 2)
})

t.test('readiness reports Postgres and Redis', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/readyz' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { status: 'ready', checks: { postgres: 'up', redis: 'up' } })
})
