import { fuzzRoutes } from '@hearing/infra/testing'
import t from 'tap'
import { bearer, build, confirmedUser, makeRole, post, signUpBody } from './helper.js'

const ADDRESS = { address_line1: '1 Main St', address_line2: 'Apt 2', city: 'Gainesville', state: 'GA', zip_code: '30501' }

t.test('a NUL character in any text field of sign-up or profile is a 400 naming the field, never a 500', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const statuses: number[] = []
  for (const field of ['first_name', 'last_name', 'preferred_location_uid']) {
    const res = await post(app, '/sign-up', signUpBody({ [field]: 'Ada\u0000', address: ADDRESS }))
    statuses.push(res.statusCode)
    t.equal(res.json().message, `body.${field}: must not contain the NUL character`)
  }
  for (const field of Object.keys(ADDRESS).filter((f) => f !== 'zip_code')) {
    const res = await post(app, '/sign-up', signUpBody({ address: { ...ADDRESS, [field]: 'x\u0000' } }))
    statuses.push(res.statusCode)
    t.equal(res.json().message, `body.address.${field}: must not contain the NUL character`)
  }
  for (const field of ['first_name', 'last_name', 'address_line1', 'address_line2', 'city', 'state', 'preferred_location_uid']) {
    const res = await app.inject({ method: 'PATCH', url: '/me', payload: { [field]: 'x\u0000' }, headers: bearer(user.accessToken) })
    statuses.push(res.statusCode)
  }
  t.comment(`NUL fields: ${statuses.filter((s) => s >= 500).length} of ${statuses.length} answered >= 500`)
  t.same(statuses.filter((s) => s !== 400), [], 'every one is a 400')
})

t.test('a path parameter over 200 characters is a 400 even without signing in', async (t) => {
  const { app } = await build(t)
  const res = await app.inject(`/admin/users/${'a'.repeat(201)}`)
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, 'A part of this address is too long (at most 200 characters).')
})

t.test('names refuse control characters, direction overrides and lone surrogates; the clinic must be a known one', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const patch = (payload: unknown) => app.inject({ method: 'PATCH', url: '/me', payload: payload as object, headers: bearer(user.accessToken) })
  const spoof = await patch({ last_name: 'Bob\u202Enimda' })
  t.equal(spoof.statusCode, 400)
  t.equal(spoof.json().message, 'body.last_name: must not contain text-direction control characters')
  t.equal((await patch({ first_name: 'Ada\u001b[31m' })).json().message, 'body.first_name: must not contain control characters')
  const surrogate = await app.inject({ method: 'PATCH', url: '/me', payload: '{"first_name":"Ad\\udc00a"}', headers: { ...bearer(user.accessToken), 'content-type': 'application/json' } })
  t.equal(surrogate.statusCode, 400, 'a lone surrogate is refused, not silently replaced')
  t.equal((await patch({ first_name: 'José', last_name: 'Nuñez-O’Brien' })).statusCode, 200, 'ordinary accents and punctuation are fine')

  const unknownClinic = await post(app, '/sign-up', signUpBody({ preferred_location_uid: 'anything-at-all' }))
  t.equal(unknownClinic.statusCode, 400)
  t.equal(unknownClinic.json().message, 'body.preferred_location_uid: Please choose one of our clinics.')
  t.equal((await patch({ preferred_location_uid: 'loc-2' })).statusCode, 400)
  t.equal((await patch({ preferred_location_uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a02' })).statusCode, 200, 'Dawsonville is a clinic')
})

t.test('the schema-driven fuzzer gets no 5xx from any identity route, anonymous or as an admin', async (t) => {
  const { app, db } = await build(t)
  const admin = await confirmedUser(app, db)
  const adminToken = await makeRole(app, db, admin, 'admin')
  const report = await fuzzRoutes(app, {
    headerSets: [{ origin: 'http://localhost:8080' }, { origin: 'http://localhost:8080', ...bearer(adminToken) }],
    // The Google routes leave for the provider; their inputs are covered by google.test.ts.
    skip: (route) => route.url.startsWith('/google/'),
  })
  t.comment(`identity fuzz: ${report.requests} requests, statuses ${JSON.stringify(report.statuses)}`)
  t.ok(report.requests > 1000, `${report.requests} requests`)
  t.same(report.failures, [], '0 responses >= 500')
})

t.test('answers with personal data are Cache-Control: no-store', async (t) => {
  const { app, db } = await build(t)
  const admin = await confirmedUser(app, db)
  const token = await makeRole(app, db, admin, 'admin')
  const urls = ['/me', '/admin/users', `/admin/users/${admin.userId}`]
  const cached: string[] = []
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url, headers: bearer(token) })
    t.equal(res.statusCode, 200, url)
    if (res.headers['cache-control'] !== 'no-store') cached.push(url)
  }
  t.comment(`personal-data answers without no-store: ${cached.length} of ${urls.length}`)
  t.same(cached, [])
  t.equal((await app.inject('/.well-known/jwks.json')).headers['cache-control'], 'public, max-age=300', 'public keys stay cacheable')
})
