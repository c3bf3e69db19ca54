import t from 'tap'
import { MAX_WAIT_MS, NEW_HASH_SLOTS } from '../src/passwords/capacity.js'
import { HasherBusyError, hasherLoad, hashPassword, setHashParamsForTests, verifyPassword } from '../src/passwords/hash.js'
import { build, confirmedUser, post, signUpBody, TEST_HASH_PARAMS } from './helper.js'


const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now()
  const result = await work()
  return { result, ms: performance.now() - started }
}

t.test('a flood of sign-ups: nobody waits past the bound, the excess gets 503 with Retry-After, and signing in keeps working', async (t) => {
  const { app, db } = await build(t)
  const owner = await confirmedUser(app, db)
  setHashParamsForTests({ ln: 15, r: 8, p: 1 })
  t.teardown(() => setHashParamsForTests(TEST_HASH_PARAMS))
  // What two new-password hashes at once take on this machine now.
  const { ms: pair } = await timed(() => Promise.all([hashPassword('x'.repeat(12)), hashPassword('y'.repeat(12))]))

  const flood = Promise.all(
    Array.from({ length: 60 }, (_, i) => timed(() => post(app, '/sign-up', signUpBody(), { 'x-forwarded-for': `198.51.100.${i + 1}` }))),
  )
  // The owner signs in while the flood is being hashed, from their own address.
  while (hasherLoad().running === 0) await new Promise((resolve) => setImmediate(resolve))
  const signIn = await timed(() => post(app, '/sign-in', { email: owner.email, password: owner.password }, { 'x-forwarded-for': '192.0.2.10' }))
  const signUps = await flood

  const statuses = signUps.map((r) => r.result.statusCode)
  const created = statuses.filter((s) => s === 201).length
  const slowest = Math.max(...signUps.map((r) => r.ms))
  t.comment(`two hashes take ${Math.round(pair)} ms; 60 sign-ups: ${created} × 201, ${statuses.filter((s) => s === 503).length} × 503, slowest ${Math.round(slowest)} ms; sign-in meanwhile ${signIn.result.statusCode} in ${Math.round(signIn.ms)} ms`)
  t.equal(signIn.result.statusCode, 200, 'the owner signs in during the flood')
  t.ok(signIn.ms < MAX_WAIT_MS + 3 * pair, 'without waiting behind the queued sign-ups')
  t.ok(slowest < MAX_WAIT_MS + 3 * pair, `no sign-up waits past ${MAX_WAIT_MS} ms for the hasher`)
  t.ok(created > 0, 'some sign-ups get through')
  t.same(statuses.filter((s) => s !== 201 && s !== 503), [], 'the rest are refused with 503')
  for (const res of signUps.filter((r) => r.result.statusCode === 503)) t.equal(res.result.headers['retry-after'], '2')
  const accounts = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  t.equal(Number(accounts.n), created + 1, 'an account exists exactly for each 201 (and the owner)')
  while (hasherLoad().running + hasherLoad().waiting > 0) await new Promise((r) => setTimeout(r, 50))
})

t.test('the hasher itself: new passwords never take every slot, a check of a typed password starts at once, the excess is refused', async (t) => {
  const stored = await hashPassword('typed password')
  setHashParamsForTests({ ln: 15, r: 8, p: 1 })
  t.teardown(() => setHashParamsForTests(TEST_HASH_PARAMS))
  const news = Array.from({ length: 40 }, () => hashPassword('x'.repeat(12)).then(() => 'hashed', (err: unknown) => err))
  t.equal(hasherLoad().running, NEW_HASH_SLOTS, 'new passwords hold at most their own slots')
  const verified = verifyPassword('typed password', stored)
  t.equal(hasherLoad().running, NEW_HASH_SLOTS + 1, 'the check starts at once, ahead of the queued new passwords')
  t.equal(await verified, true)
  const outcomes = await Promise.all(news)
  t.ok(outcomes.some((o) => o instanceof HasherBusyError), 'past the bound a new hash is refused with HasherBusyError')
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
