import t from 'tap'
import { build, confirmedUser, post, signUpBody } from './helper.js'

t.test('messaging-sync pages through the accounts with the service credential, told which are unconfirmed; nothing else is given', async (t) => {
  const { app, db, config } = await build(t)
  const confirmed = await Promise.all([confirmedUser(app, db, { first_name: 'Ana' }), confirmedUser(app, db, { first_name: 'Bo' }), confirmedUser(app, db, { first_name: 'Cy' })])
  const unconfirmed = signUpBody()
  t.equal((await post(app, '/sign-up', unconfirmed)).statusCode, 201)

  const headers = { 'x-internal-token': config.INTERNAL_TOKEN }
  const page = (query: string) => app.inject({ method: 'GET', url: `/internal/messaging-contacts${query}`, headers })
  const first = await page('?limit=3')
  t.equal(first.statusCode, 200)
  t.equal(first.headers['cache-control'], 'no-store')
  const one = first.json() as { users: Array<Record<string, unknown>>; next: string | null }
  t.equal(one.users.length, 3)
  t.same(Object.keys(one.users[0]!).sort(), ['email', 'email_verified', 'first_name', 'id', 'last_name', 'phone', 'preferred_location_uid'], 'contact fields only: no role, address or hash')
  const two = (await page(`?limit=3&after=${one.next}`)).json() as { users: Array<{ id: string; email: string; email_verified: boolean }>; next: string | null }
  t.equal(two.users.length, 1)
  t.equal(two.next, null, 'the last page says so')
  const all = [...(one.users as typeof two.users), ...two.users]
  t.same(all.filter((u) => u.email_verified).map((u) => u.email).sort(), confirmed.map((c) => c.email).sort(), 'every confirmed account once')
  t.same(all.filter((u) => !u.email_verified).map((u) => u.email), [unconfirmed.email], 'the unconfirmed one, marked so')

  t.equal((await app.inject({ method: 'GET', url: '/internal/messaging-contacts' })).statusCode, 403, 'the service credential is required')
  t.equal((await page('?limit=0')).statusCode, 400)
  t.equal((await page('?after=not-a-uuid')).statusCode, 400)
  t.equal((await page('?limit=2&role=admin')).statusCode, 400, 'unknown parameters are refused')
})
