import t from 'tap'
import { HasherBusyError, hasherLoad, hashPassword, MAX_WAITING, setHashParamsForTests } from '../src/passwords/hash.js'
import { build, post, signUpBody, TEST_HASH_PARAMS } from './helper.js'


t.test('the hash queue is bounded: a flood of sign-ups gets 503 with Retry-After, not an ever longer wait', async (t) => {
  setHashParamsForTests({ ln: 15, r: 8, p: 1 })
  t.teardown(() => setHashParamsForTests(TEST_HASH_PARAMS))
  const { app } = await build(t)
  let maxWaiting = 0
  const probe = setInterval(() => (maxWaiting = Math.max(maxWaiting, hasherLoad().waiting)), 5)
  const results = await Promise.all(
    Array.from({ length: 60 }, (_, i) => post(app, '/sign-up', signUpBody(), { 'x-forwarded-for': `198.51.100.${i + 1}` })),
  )
  clearInterval(probe)
  const statuses = results.map((r) => r.statusCode)
  const busy = results.filter((r) => r.statusCode === 503)
  t.comment(`60 concurrent sign-ups: ${busy.length} answered 503, most waiting ${maxWaiting}, statuses ${JSON.stringify(statuses)}`)
  t.ok(busy.length > 0, 'some are refused at once')
  t.ok(maxWaiting <= MAX_WAITING, `never more than ${MAX_WAITING} waiting`)
  t.same(statuses.filter((s) => s !== 201 && s !== 503), [], 'the rest succeed')
  for (const res of busy) t.equal(res.headers['retry-after'], '2')
  await t.rejects(
    Promise.all(Array.from({ length: 40 }, () => hashPassword('x'.repeat(12)))),
    HasherBusyError,
    'the hasher itself refuses past its bound',
  )
  while (hasherLoad().running + hasherLoad().waiting > 0) await new Promise((r) => setTimeout(r, 50))
})

t.test('sign-up with a taken address answers 409 without hashing; sign-up, reset and resend are throttled per address', async (t) => {
  const { app } = await build(t)
  const body = signUpBody()
  t.equal((await post(app, '/sign-up', body)).statusCode, 201)
  const started = Date.now()
  let hashing = 0
  const probe = setInterval(() => (hashing = Math.max(hashing, hasherLoad().running)), 1)
  const again = await post(app, '/sign-up', { ...body, password: 'another long passphrase' })
  clearInterval(probe)
  t.equal(again.statusCode, 409)
  t.equal(hashing, 0, 'the hasher never ran')
  t.comment(`taken address answered in ${Date.now() - started} ms`)

  const from = { 'x-forwarded-for': '203.0.113.50' }
  const signUps: number[] = []
  for (let i = 0; i < 51; i++) signUps.push((await post(app, '/sign-up', signUpBody({ password: 'x' }), from)).statusCode)
  t.comment(`51 sign-ups from one address: ${JSON.stringify(signUps.slice(-2))} for the last two`)
  t.equal(signUps[49], 400, 'the 50th is still looked at (this one has a too-short password)')
  t.equal(signUps[50], 429, 'the 51st within the hour is throttled')

  // One recipient's budget covers both kinds of e-mail: a second recipient for the second route.
  for (const [url, email] of [['/password-reset/request', body.email], ['/resend-confirmation', 'someone.else@example.com']] as const) {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await post(app, url, { email }, { 'x-forwarded-for': `203.0.113.${60 + i}` })).statusCode)
    t.same(statuses, [202, 202, 202, 202, 202, 429], `${url}: the sixth to one recipient within the hour is throttled, whatever the address`)
  }
})
