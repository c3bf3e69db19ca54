import t from 'tap'
import { bearer, build, confirmedUser, post, REFRESH, setCookie } from './helper.js'

t.test('GET /me needs a signed-in user and returns their own profile', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  t.equal((await app.inject({ method: 'GET', url: '/me' })).statusCode, 401)
  const res = await app.inject({ method: 'GET', url: '/me', headers: bearer(user.accessToken) })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { id: user.userId, email: user.email, phone: '(770) 555-0142', full_name: 'Ada Lovelace' })

  await db.deleteFrom('users').where('id', '=', user.userId).execute()
  t.equal((await app.inject({ method: 'GET', url: '/me', headers: bearer(user.accessToken) })).statusCode, 401, 'a deleted account is signed out')
  t.equal((await post(app, '/token/refresh', undefined, {}, { [REFRESH]: user.refresh })).statusCode, 401, 'its sessions are gone')
})

t.test('PATCH /me changes the editable fields only; email, phone, role and unknown fields are refused', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const patch = (payload: unknown) => app.inject({ method: 'PATCH', url: '/me', payload: payload as object, headers: bearer(user.accessToken) })

  const res = await patch({ first_name: ' Grace ', last_name: 'Hopper', address_line1: '1 Navy Way', address_line2: '', city: 'Dawsonville', state: 'GA', zip_code: '30534', preferred_location_uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a02' })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { first_name: 'Grace', last_name: 'Hopper', full_name: 'Grace Hopper', address_line1: '1 Navy Way', address_line2: null, city: 'Dawsonville', state: 'GA', zip_code: '30534', preferred_location_uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a02' })
  t.equal((await patch({ zip_code: '' })).json().zip_code, null, 'an address field can be cleared')

  for (const field of [{ email: 'new@example.com' }, { phone: '555-0000' }, { role: 'admin' }, { email_verified: true }, { id: 'x' }, { user_id: 'x' }, { password_hash: 'x' }]) {
    const refused = await patch({ first_name: 'Eve', ...field })
    t.equal(refused.statusCode, 400, `${Object.keys(field)[0]} is refused with 400`)
  }
  t.equal((await patch({ first_name: '' })).statusCode, 400, 'a name cannot be blanked')
  t.equal((await patch({ zip_code: 'ABCDE' })).statusCode, 400)
  const stored = await db.selectFrom('users').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow()
  t.match(stored, { email: user.email, phone: '(770) 555-0142', role: 'customer', first_name: 'Grace' }, 'email, phone and role unchanged')
})

t.test('POST /me/password: needs the current password, checks the new one, ends the other sessions', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const otherBrowser = setCookie(await post(app, '/sign-in', { email: user.email, password: user.password }), REFRESH)!.value
  const change = (payload: object) => app.inject({ method: 'POST', url: '/me/password', payload, headers: bearer(user.accessToken), cookies: { [REFRESH]: user.refresh } })

  const wrong = await change({ current_password: 'not my password', new_password: 'a fresh long passphrase' })
  t.equal(wrong.statusCode, 400)
  t.equal(wrong.json().message, 'Your current password is not correct.')
  const common = await change({ current_password: user.password, new_password: 'password123' })
  t.equal(common.json().message, 'This password is too common. Please choose another.')
  t.equal((await change({ current_password: user.password, new_password: 'short' })).json().message, 'Password must be at least 8 characters long.')

  t.equal((await change({ current_password: user.password, new_password: 'a fresh long passphrase' })).statusCode, 204)
  t.equal((await post(app, '/token/refresh', undefined, {}, { [REFRESH]: otherBrowser })).statusCode, 401, 'the other browser is signed out')
  t.equal((await post(app, '/token/refresh', undefined, {}, { [REFRESH]: user.refresh })).statusCode, 200, 'this browser stays signed in')
  t.equal((await post(app, '/sign-in', { email: user.email, password: user.password })).statusCode, 401, 'the old password no longer works')
  t.equal((await post(app, '/sign-in', { email: user.email, password: 'a fresh long passphrase' })).statusCode, 200)
})

t.test('POST /me/password without the current cookie ends every session', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const res = await app.inject({ method: 'POST', url: '/me/password', payload: { current_password: user.password, new_password: 'yet another passphrase' }, headers: bearer(user.accessToken) })
  t.equal(res.statusCode, 204)
  t.equal((await post(app, '/token/refresh', undefined, {}, { [REFRESH]: user.refresh })).statusCode, 401)
})

t.test('guessing the current password is throttled like sign-in', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  for (let i = 0; i < 10; i++) {
    await app.inject({ method: 'POST', url: '/me/password', payload: { current_password: `guess ${i} guess`, new_password: 'yet another passphrase' }, headers: bearer(user.accessToken) })
  }
  const res = await app.inject({ method: 'POST', url: '/me/password', payload: { current_password: user.password, new_password: 'yet another passphrase' }, headers: bearer(user.accessToken) })
  t.equal(res.statusCode, 429)
})
