import t from 'tap'
import { build, confirmedUser, makeRole } from './helper.js'

t.test('the staff directory names staff and admins only, to services holding the credential', async (t) => {
  const { app, db, config } = await build(t)
  const [ana, bo, cy] = await Promise.all([
    confirmedUser(app, db, { first_name: 'Ana', last_name: 'Admin' }),
    confirmedUser(app, db, { first_name: 'Bo', last_name: 'Staff' }),
    confirmedUser(app, db, { first_name: 'Cy', last_name: 'Customer' }),
  ])
  await makeRole(app, db, ana, 'admin')
  await makeRole(app, db, bo, 'staff')

  const res = await app.inject({ method: 'GET', url: '/internal/staff', headers: { 'x-internal-token': config.INTERNAL_TOKEN } })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-store')
  const { staff } = res.json() as { staff: Array<{ id: string; name: string; role: string }> }
  const ids = staff.map((s) => s.id)
  t.ok(ids.includes(ana.userId) && ids.includes(bo.userId), 'both colleagues listed')
  t.notOk(ids.includes(cy.userId), 'no customer')
  t.same(staff.find((s) => s.id === bo.userId), { id: bo.userId, name: 'Bo Staff', role: 'staff' }, 'name and role only')

  t.equal((await app.inject({ method: 'GET', url: '/internal/staff' })).statusCode, 403, 'the service credential is required')
})
