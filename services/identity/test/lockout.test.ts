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
  const refused = attack.filter((s) => s === 429).length
  t.comment(`attacker: ${attack.filter((s) => s === 401).length} guesses checked, ${refused} refused with 429`)
  t.ok(refused >= 50, 'the attacker is stopped after a handful of guesses')

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

t.test('a device trusted for one account is not trusted for another', async (t) => {
  const { app, db } = await build(t)
  const a = await confirmedUser(app, db)
  const b = await confirmedUser(app, db)
  const device = setCookie(await post(app, '/sign-in', { email: a.email, password: a.password }), DEVICE)!.value
  for (let i = 0; i < 10; i++) await post(app, '/sign-in', { email: b.email, password: `guess ${i} wrong` }, { 'x-forwarded-for': `203.0.113.${i + 1}` })
  const res = await post(app, '/sign-in', { email: b.email, password: b.password }, {}, { [DEVICE]: device })
  t.equal(res.statusCode, 429, "b's account limit still applies to a's device")
})
