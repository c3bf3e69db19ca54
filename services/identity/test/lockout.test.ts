import t from 'tap'
import { build, confirmedUser, post, setCookie } from './helper.js'

const DEVICE = 'hc_device'

t.test('an attacker hammering an account is slowed while its owner, on their usual device, still signs in', async (t) => {
  const { app, db } = await build(t)
  const owner = await confirmedUser(app, db)
  // The owner's usual browser: it signed in before (on the clinic's shared network).
  const clinic = { 'x-forwarded-for': '198.51.100.7' }
  const first = await post(app, '/sign-in', { email: owner.email, password: owner.password }, clinic)
  t.equal(first.statusCode, 200)
  const device = setCookie(first, DEVICE)
  t.ok(device, 'a device cookie is given')
  t.ok(device!.attributes.includes('HttpOnly') && device!.attributes.includes('SameSite=Strict'), 'HttpOnly, SameSite=Strict')

  // 60 guesses: from many addresses and from the owner's own shared address.
  const attack: number[] = []
  for (let i = 0; i < 60; i++) {
    const from = i % 3 === 0 ? clinic : { 'x-forwarded-for': `203.0.113.${i + 1}` }
    attack.push((await post(app, '/sign-in', { email: owner.email, password: `guess number ${i}` }, from)).statusCode)
  }
  const checked = attack.filter((s) => s === 401).length
  t.comment(`attacker: ${checked} guesses checked, ${attack.filter((s) => s === 429).length} refused with 429`)
  t.ok(checked <= 20, 'the attacker is stopped after a handful of guesses (ten from elsewhere, ten from the shared address)')

  const ownerSignIn = await post(app, '/sign-in', { email: owner.email, password: owner.password }, clinic, { [DEVICE]: device!.value })
  t.comment(`owner on their usual device during the attack: ${ownerSignIn.statusCode}`)
  t.equal(ownerSignIn.statusCode, 200, 'the owner still gets in')

  // The device cookie does not help anyone without the password: its own delays grow.
  const fromDevice: number[] = []
  for (let i = 0; i < 7; i++) fromDevice.push((await post(app, '/sign-in', { email: owner.email, password: `wrong ${i} wrong` }, clinic, { [DEVICE]: device!.value })).statusCode)
  t.same(fromDevice, [401, 401, 401, 401, 401, 429, 429], 'five free tries, then a wait')
  const row = await db.selectFrom('login_throttle').select(['failures']).orderBy('window_start', 'desc').executeTakeFirstOrThrow()
  t.equal(row.failures, 5)
})

t.test('after 10 failures from another address, the owner gets in from their own address on a browser that never signed in', async (t) => {
  const { app, db } = await build(t)
  const owner = await confirmedUser(app, db)
  const attacker = { 'x-forwarded-for': '203.0.113.66' }
  const guesses: number[] = []
  for (let i = 0; i < 12; i++) guesses.push((await post(app, '/sign-in', { email: owner.email, password: `guess number ${i}` }, attacker)).statusCode)
  t.comment(`attacker, one address: ${JSON.stringify(guesses)}`)
  t.same(guesses, [...Array(10).fill(401), 429, 429], 'the attacker is slowed after ten guesses')
  const attackerRight = await post(app, '/sign-in', { email: owner.email, password: owner.password }, attacker)
  t.equal(attackerRight.statusCode, 429, 'from that address even the right password waits')

  // A browser without any cookie (never signed in), from the owner's own address.
  const fresh = await post(app, '/sign-in', { email: owner.email, password: owner.password }, { 'x-forwarded-for': '198.51.100.23' })
  t.comment(`owner, new browser, own address: ${fresh.statusCode}`)
  t.equal(fresh.statusCode, 200, 'the owner gets in')

  // Guesses from ten more addresses: the account holds back addresses it does not know, not the owner's.
  for (let i = 0; i < 10; i++) await post(app, '/sign-in', { email: owner.email, password: `guess ${i} again` }, { 'x-forwarded-for': `203.0.113.${i + 1}` })
  const unknown = await post(app, '/sign-in', { email: owner.email, password: owner.password }, { 'x-forwarded-for': '198.51.100.99' })
  t.equal(unknown.statusCode, 429, 'an address the account never signed in from waits')
  const again = await post(app, '/sign-in', { email: owner.email, password: owner.password }, { 'x-forwarded-for': '198.51.100.23' })
  t.equal(again.statusCode, 200, 'the owner at their own address, without a device cookie, still gets in')
})

t.test('a device trusted for one account is not trusted for another', async (t) => {
  const { app, db } = await build(t)
  const a = await confirmedUser(app, db)
  const b = await confirmedUser(app, db)
  const home = { 'x-forwarded-for': '198.51.100.40' }
  const device = setCookie(await post(app, '/sign-in', { email: a.email, password: a.password }, home), DEVICE)!.value
  for (let i = 0; i < 10; i++) await post(app, '/sign-in', { email: b.email, password: `guess ${i} wrong` }, home, { [DEVICE]: device })
  const res = await post(app, '/sign-in', { email: b.email, password: b.password }, home, { [DEVICE]: device })
  t.equal(res.statusCode, 429, "b's limits still apply on a's device")
})
