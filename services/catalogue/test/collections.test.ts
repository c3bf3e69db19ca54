import t from 'tap'
import { build, migrate } from './helper.js'

const EXPECTED = [
  { key: 'phonak', title: 'Phonak' },
  { key: 'signia', title: 'Signia' },
  { key: 'oticon', title: 'Oticon' },
  { key: 'unitron', title: 'Unitron' },
  { key: 'best-sellers', title: 'Best Sellers' },
]

t.test('GET /collections lists the five collections in display order', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/collections' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), EXPECTED, 'key and title only, phonak first, best-sellers last')
})

t.test('the order follows position, not the key', async (t) => {
  const { app, db } = await build(t)
  await db.updateTable('collections').set({ position: -1 }).where('key', '=', 'best-sellers').execute()
  const res = await app.inject({ method: 'GET', url: '/collections' })
  t.same((res.json() as Array<{ key: string }>).map((c) => c.key), ['best-sellers', 'phonak', 'signia', 'oticon', 'unitron'])
})

t.test('seeding again adds nothing and keeps edits', async (t) => {
  const { app, db, config } = await build(t)
  await db.updateTable('collections').set({ title: 'Phonak Hearing Aids' }).where('key', '=', 'phonak').execute()
  await migrate(config)
  const body = (await app.inject({ method: 'GET', url: '/collections' })).json() as Array<{ key: string; title: string }>
  t.equal(body.length, 5)
  t.equal(body[0]!.title, 'Phonak Hearing Aids')
})
