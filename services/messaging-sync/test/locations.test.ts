import t from 'tap'
import { build, migrate } from './helper.js'

t.test('GET /locations lists both clinics, Gainesville first', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/locations' })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'public, max-age=300', 'browsers and the gateway may keep the list for five minutes')
  const body = res.json() as Array<{ uid: string; name: string }>
  t.same(body.map((l) => l.name), ['Gainesville', 'Dawsonville'])
  for (const l of body) {
    t.match(l.uid, /^[0-9a-f-]{36}$/, 'each location has a uid')
    t.same(Object.keys(l).sort(), ['name', 'uid'], 'only uid and name are exposed')
  }
})

t.test('seeding again keeps exactly two clinics', async (t) => {
  const { app, config } = await build(t)
  await migrate(config)
  const res = await app.inject({ method: 'GET', url: '/locations' })
  t.equal((res.json() as unknown[]).length, 2)
})
