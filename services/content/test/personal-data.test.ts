import t from 'tap'
import { build } from './helper.js'

const USER_ID = '6f1c1a52-1d55-4a0e-9b7e-2f0a7c1e9d11'

t.test('identity gets the pages a person visited signed in, then they are unlinked from the account', async (t) => {
  const { app, db, signer, config } = await build(t)
  const token = await signer.sign({ sub: USER_ID, role: 'customer' })
  const other = await signer.sign({ sub: 'a6e1b9a0-0000-4000-8000-000000000001', role: 'customer' })
  for (const auth of [token, token, other]) {
    t.equal((await app.inject({ method: 'POST', url: '/events', payload: { type: 'page_view', route: '/profile', path: '/profile' }, headers: { authorization: `Bearer ${auth}` } })).statusCode, 202)
  }
  const headers = { 'x-internal-token': config.INTERNAL_TOKEN }
  const subject = { user_id: USER_ID, emails: ['ada@example.com'], phones: [] }
  const exported = await app.inject({ method: 'POST', url: '/internal/personal-data/export', headers, payload: subject })
  t.equal(exported.statusCode, 200)
  t.match(exported.json(), { service: 'content', sections: [{ key: 'analytics-events', records: [{ kind: 'page_view', path: '/profile' }, { path: '/profile' }] }] })

  const erased = await app.inject({ method: 'POST', url: '/internal/personal-data/erase', headers, payload: subject })
  t.match(erased.json(), { service: 'content', erased: 2, kept: [] })
  const rows = await db.selectFrom('analytics_events').select('user_id').execute()
  t.same([rows.filter((r) => r.user_id === null).length, rows.filter((r) => r.user_id === 'a6e1b9a0-0000-4000-8000-000000000001').length], [2, 1], 'the visits stay, no longer anyone’s; the other user’s untouched')
  t.equal((await app.inject({ method: 'POST', url: '/internal/personal-data/export', payload: subject })).statusCode, 403)
})
