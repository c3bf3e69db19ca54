import { CLINICS } from '@hearing/contracts'
import { DEFAULT_PODIUM_LOCATIONS, FAKE_PODIUM_CLIENT_ID, FAKE_PODIUM_CLIENT_SECRET, startFakePodium, type FakePodiumOptions } from '@hearing/infra/fakes/podium'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import t from 'tap'
import { SCHEMA } from '../src/app.js'
import type { ChannelOptions } from '../src/delivery/channel.js'
import { identityFake } from '@hearing/infra/testing'
import { build, testConfig, TEST_PROVIDER_TOKEN_SECRET, waitFor } from './helper.js'

type Built = Awaited<ReturnType<typeof build>>
interface Teardown {
  teardown(fn: () => unknown): void
}

const [GAINESVILLE, DAWSONVILLE] = CLINICS.map((c) => c.uid) as [string, string]
const PODIUM_GAINESVILLE = DEFAULT_PODIUM_LOCATIONS[0]!.uid

const form = (over: Record<string, unknown> = {}) => ({
  first_name: 'Ana',
  last_name: 'Muñoz',
  phone: '(770) 555-0142',
  location_uid: GAINESVILLE,
  message: 'Do you fit hearing aids on Saturdays?',
  ...over,
})

/** messaging-sync in podium mode against a fake Podium of its own. */
async function podiumApp(t: Teardown, { fake: fakeOptions = {}, provider = {}, retryAfterMs = 200 }: { fake?: FakePodiumOptions; provider?: Partial<ChannelOptions>; retryAfterMs?: number } = {}) {
  const fake = await startFakePodium(fakeOptions)
  t.teardown(() => fake.close())
  const config = await testConfig(t, {
    MESSAGING_PROVIDER: 'podium',
    PODIUM_CLIENT_ID: FAKE_PODIUM_CLIENT_ID,
    PODIUM_CLIENT_SECRET: FAKE_PODIUM_CLIENT_SECRET,
    PROVIDER_TOKEN_SECRET: TEST_PROVIDER_TOKEN_SECRET,
    PODIUM_API_URL: fake.url,
    PODIUM_AUTHORIZE_URL: `${fake.url}/oauth/authorize`,
    PODIUM_TOKEN_URL: `${fake.url}/oauth/token`,
    PUBLIC_URL: 'https://hearing.example',
  })
  const built = await build(t, config, {}, provider, { podiumRetryAfterMs: retryAfterMs })
  return { ...built, fake }
}

const asAdmin = async (built: Built) => ({ authorization: `Bearer ${await built.signer.sign({ sub: 'admin-1', role: 'admin' })}` })

const BROWSER_COOKIE = 'hc_podium_connect'

/** An admin's browser starting the connection: Podium's answer (consent given) and the browser's cookie. */
async function startConnect(built: Built, headers: Record<string, string>) {
  const started = await built.app.inject({ method: 'POST', url: '/admin/podium/connect', headers })
  const cookie = started.cookies.find((c) => c.name === BROWSER_COOKIE)
  const authorize = new URL((started.json() as { url: string }).url)
  const consent = await fetch(authorize, { redirect: 'manual' })
  return { started, authorize, cookie, callback: new URL(consent.headers.get('location')!) }
}

const callbackWith = (built: Built, callback: URL, browser?: string) =>
  built.app.inject({ method: 'GET', url: `/podium/callback${callback.search}`, cookies: browser ? { [BROWSER_COOKIE]: browser } : {} })

/** What an admin does in Settings: ask for the authorize address, consent at Podium, come back. */
async function connect(built: Built): Promise<string> {
  const { callback, cookie } = await startConnect(built, await asAdmin(built))
  const back = await callbackWith(built, callback, cookie?.value)
  return back.headers.location as string
}

/** A producer's hand-over through the outbox intake (what the kit's relay posts). */
const handOver = (built: Built, source: string, key: string, topic: string, payload: Record<string, unknown>) =>
  built.app.inject({ method: 'POST', url: '/internal/outbox', headers: { 'x-internal-token': built.config.INTERNAL_TOKEN }, payload: { source, items: [{ id: key, key, topic, payload }] } })

const deliveryOf = (built: Built, id: string) => built.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

const sendContact = async (built: Built, over: Record<string, unknown> = {}, address = '203.0.113.9') => {
  const res = await built.app.inject({ method: 'POST', url: '/contact', headers: { 'x-forwarded-for': address }, payload: form(over) })
  if (res.statusCode !== 202) throw new Error(`contact answered ${res.statusCode}: ${res.body}`)
  return (res.json() as { id: string }).id
}

t.test('an admin connects Podium once: OAuth code flow with a single-use state bound to their browser and session, tokens kept server-side', async (t) => {
  const built = await podiumApp(t)
  const admin = await asAdmin(built)
  t.match((await built.app.inject({ method: 'GET', url: '/admin/provider', headers: admin })).json(), { provider: 'podium', connected: false })

  const { started, authorize, cookie, callback } = await startConnect(built, admin)
  t.equal(started.statusCode, 200)
  t.equal(authorize.origin + authorize.pathname, `${built.fake.url}/oauth/authorize`)
  t.equal(authorize.searchParams.get('redirect_uri'), 'https://hearing.example/api/messaging/podium/callback')
  t.match(authorize.searchParams.get('scope'), /write_messages/)
  t.ok(cookie, 'the browser gets a cookie for the trip')
  t.match(cookie, { path: '/api/messaging/podium/callback', httpOnly: true, sameSite: 'Lax', secure: true, maxAge: 300 })
  for (const role of ['staff', 'customer']) {
    const other = { authorization: `Bearer ${await built.signer.sign({ sub: `${role}-1`, role })}` }
    t.equal((await built.app.inject({ method: 'POST', url: '/admin/podium/connect', headers: other })).statusCode, 403, `a ${role} cannot connect`)
  }
  t.equal((await built.app.inject({ method: 'POST', url: '/admin/podium/connect' })).statusCode, 401, 'nor can an anonymous caller')

  const anonymous = await callbackWith(built, callback)
  t.equal(anonymous.statusCode, 403, 'the state alone, from a browser without the cookie, is refused')
  const otherBrowser = await callbackWith(built, callback, 'a-cookie-of-another-browser')
  t.equal(otherBrowser.headers.location, 'https://hearing.example/admin?tab=settings&podium=failed', 'so is the state with another cookie')
  const forged = await built.app.inject({ method: 'GET', url: `/podium/callback?code=${callback.searchParams.get('code')}&state=forged`, cookies: { [BROWSER_COOKIE]: cookie!.value } })
  t.equal(forged.headers.location, 'https://hearing.example/admin?tab=settings&podium=failed', 'a state we did not issue is refused')
  t.equal(built.fake.state.tokenRequests, 0, 'no code was exchanged for any of them')
  const back = await callbackWith(built, callback, cookie!.value)
  t.equal(back.statusCode, 302)
  t.equal(back.headers.location, 'https://hearing.example/admin?tab=settings&podium=connected')
  t.match(back.cookies.find((c) => c.name === BROWSER_COOKIE), { value: '', maxAge: 0 }, 'the cookie is cleared')
  const replay = await callbackWith(built, callback, cookie!.value)
  t.equal(replay.headers.location, 'https://hearing.example/admin?tab=settings&podium=failed', 'the state works once')

  const status = await built.app.inject({ method: 'GET', url: '/admin/provider', headers: admin })
  t.match(status.json(), { provider: 'podium', connected: true })
  t.notMatch(status.body, /at-|rt-/, 'no token reaches a browser')
  const row = await built.db.selectFrom('provider_tokens').selectAll().executeTakeFirstOrThrow()
  t.match(row, { provider: 'podium', connected_by: 'admin-1' })
})

t.test('Podium tokens are sealed at rest: none in clear anywhere in the schema; a changed secret re-seals them at boot', async (t) => {
  const built = await podiumApp(t)
  t.equal(await connect(built), 'https://hearing.example/admin?tab=settings&podium=connected')
  const issued = [...built.fake.state.accessTokens.keys(), ...built.fake.state.refreshTokens]
  t.equal(issued.length, 2, 'Podium issued an access and a refresh token')
  const tables = await built.db.selectFrom('information_schema.tables' as never).select('table_name' as never).where('table_schema' as never, '=', SCHEMA as never).execute()
  let dump = ''
  for (const { table_name } of tables as Array<{ table_name: string }>) {
    const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(`${SCHEMA}.${table_name}`)} t`.execute(built.db)
    dump += rows.map((r) => r.row).join('\n')
  }
  t.match(dump, /podium/, 'the connection row was read')
  for (const token of issued) t.notOk(dump.includes(token), 'no token readable in any table of the schema')
  await built.app.close()

  const renewed = { ...built.config, PROVIDER_TOKEN_SECRET: randomBytes(32).toString('base64url'), PROVIDER_TOKEN_SECRET_PREVIOUS: built.config.PROVIDER_TOKEN_SECRET }
  const wrong = await build(t, { ...built.config, PROVIDER_TOKEN_SECRET: randomBytes(32).toString('base64url') })
  await t.rejects(Promise.resolve(wrong.app.ready()), /sealed with another PROVIDER_TOKEN_SECRET/, 'another secret opens nothing, and the boot says which variable to set')
  const before = await wrong.db.selectFrom('provider_tokens').select('wrap_key_id').executeTakeFirstOrThrow()
  const changing = await build(t, renewed)
  await changing.app.ready()
  const after = await changing.db.selectFrom('provider_tokens').select('wrap_key_id').executeTakeFirstOrThrow()
  t.not(after.wrap_key_id, before.wrap_key_id, 'sealed again under the new secret')
  await changing.app.close()

  const alone = { ...built, ...(await build(t, { ...renewed, PROVIDER_TOKEN_SECRET_PREVIOUS: undefined })) }
  const id = await sendContact(alone)
  await waitFor('delivered with the re-sealed token', async () => (await deliveryOf(alone, id)).status === 'delivered')
  t.pass('the new secret alone opens the tokens')
})

t.test('an older state cannot replace a newer connection, nor outlive five minutes, nor the session that started it', async (t) => {
  const built = await podiumApp(t)
  const older = await startConnect(built, await asAdmin(built))
  const newer = await startConnect(built, await asAdmin(built))
  t.equal((await callbackWith(built, newer.callback, newer.cookie!.value)).headers.location, 'https://hearing.example/admin?tab=settings&podium=connected')
  const connected = await built.db.selectFrom('provider_tokens').select('access_token').executeTakeFirstOrThrow()
  const stale = await callbackWith(built, older.callback, older.cookie!.value)
  t.equal(stale.headers.location, 'https://hearing.example/admin?tab=settings&podium=failed', 'the older attempt is over once a newer one started')
  t.same(await built.db.selectFrom('provider_tokens').select('access_token').executeTakeFirstOrThrow(), connected, 'the newer connection stands')

  const late = await startConnect(built, await asAdmin(built))
  await built.db.updateTable('oauth_states').set({ created_at: new Date(Date.now() - 5 * 60_000 - 1000) }).execute()
  t.equal((await callbackWith(built, late.callback, late.cookie!.value)).headers.location, 'https://hearing.example/admin?tab=settings&podium=failed', 'five minutes later the state is worthless')

  // The admin signs out (or is demoted) between leaving for Podium and coming back.
  const identity = await identityFake()
  const leaving = await startConnect(built, { authorization: `Bearer ${await built.signer.sign({ sub: 'admin-2', role: 'admin' })}` })
  identity.setRole('admin-2', 'staff')
  t.equal((await callbackWith(built, leaving.callback, leaving.cookie!.value)).statusCode, 403, 'a demoted admin cannot complete it')
  const signedOut = await startConnect(built, { authorization: `Bearer ${await built.signer.sign({ sub: 'admin-3', role: 'admin' })}` })
  identity.endSessions('admin-3')
  t.equal((await callbackWith(built, signedOut.callback, signedOut.cookie!.value)).statusCode, 403, 'nor one whose session ended')
  t.same(await built.db.selectFrom('provider_tokens').select('access_token').executeTakeFirstOrThrow(), connected, 'the connection is unchanged')
})

t.test('a contact message reaches Podium with the E.164 phone, the matched location and the greeting; the row says delivered', async (t) => {
  const built = await podiumApp(t)
  const early = await sendContact(built)
  await waitFor('the attempt before Podium is connected', async () => (await deliveryOf(built, early)).last_error)
  t.not((await deliveryOf(built, early)).status, 'delivered', 'nothing is delivered before an admin connects')
  t.match((await deliveryOf(built, early)).last_error, /not connected/)
  t.equal(await connect(built), 'https://hearing.example/admin?tab=settings&podium=connected')

  const id = await sendContact(built, { first_name: 'Bea', phone: '706-555-0187', location_uid: DAWSONVILLE })
  const row = await waitFor('delivered', async () => {
    const r = await deliveryOf(built, id)
    return r.status === 'delivered' && r
  })
  const message = built.fake.state.messages.find((m) => m.uid === row.provider_ref)!
  t.ok(message, 'the row keeps the id Podium gave the message')
  t.same(message.channel, { type: 'phone', identifier: '+17065550187' })
  t.equal(message.locationUid, DEFAULT_PODIUM_LOCATIONS[1]!.uid, 'Dawsonville is matched to its Podium location by name')
  t.ok(message.body.startsWith('Hi Bea, thank you for contacting North Georgia Hearing Care!'))
  t.equal(message.contactName, 'Bea Muñoz')
  t.ok(built.fake.state.calls.every((c) => !c.path.startsWith('/v4/') || c.status !== 400), 'Podium found nothing to refuse')

  // The message sent before connecting is retried and arrives too.
  await waitFor('the early message delivered', async () => (await deliveryOf(built, early)).status === 'delivered', 30_000)

  const inbox = await built.app.inject({ method: 'GET', url: '/admin/inbox', headers: await asAdmin(built) })
  t.match((inbox.json() as Array<{ id: string; status: string }>).find((m) => m.id === id), { status: 'delivered', reply_by: 'podium', podium_url: 'https://app.podium.com/inbox' }, 'staff see it was delivered to Podium, and answer it there')
  const identity = await identityFake()
  identity.staff = [{ id: 'admin-1', name: 'Ada Admin', role: 'admin' }]
  const reply = await built.app.inject({ method: 'POST', url: `/admin/inbox/${id}/replies`, headers: await asAdmin(built), payload: { text: 'Hello Bea' } })
  t.equal(reply.statusCode, 409, 'no e-mailed reply beside Podium')
  t.match(reply.json().message, /answered in Podium/)
})

t.test('an expired access token is refreshed once for every call waiting on it, and the refresh token rotates', async (t) => {
  const built = await podiumApp(t)
  await connect(built)
  const before = await built.db.selectFrom('provider_tokens').selectAll().executeTakeFirstOrThrow()
  built.fake.expireTokens()
  const tokenRequests = built.fake.state.tokenRequests
  const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => sendContact(built, { message: `Question ${i}` }, `203.0.113.${20 + i}`)))
  await waitFor('all delivered', async () => {
    const rows = await built.db.selectFrom('deliveries').select('status').where('id', 'in', ids).execute()
    return rows.every((r) => r.status === 'delivered')
  })
  t.equal(built.fake.state.tokenRequests - tokenRequests, 1, 'one refresh for six calls that met 401')
  const after = await built.db.selectFrom('provider_tokens').selectAll().executeTakeFirstOrThrow()
  t.not(after.access_token, before.access_token)
  t.not(after.refresh_token, before.refresh_token, 'the new refresh token is kept')
  t.equal(built.fake.state.messages.length, 6, 'each message once')
})

t.test('500s and a 429 are retried with growing waits; a validation error fails once with Podium reason kept', async (t) => {
  const built = await podiumApp(t, { provider: { backoffMs: 200, attempts: 6 }, retryAfterMs: 600 })
  await connect(built)
  await sendContact(built, {}, '203.0.113.50') // the first call also fetches Podium's locations
  await waitFor('a first message delivered', async () => built.fake.state.messages.length === 1)
  built.fake.state.failures.push(500, 500, 429)
  const id = await sendContact(built)
  await waitFor('delivered after the failures', async () => (await deliveryOf(built, id)).status === 'delivered', 30_000)
  const attempts = built.fake.state.calls.filter((c) => c.method === 'POST' && c.path === '/v4/messages').slice(1)
  t.same(
    attempts.map((c) => c.status),
    [500, 500, 429, 200],
  )
  const waits = attempts.slice(1).map((c, i) => c.at - attempts[i]!.at)
  t.ok(waits[0]! >= 180, `waited ${waits[0]} ms after the first 500 (backoff 200 ms)`)
  // Lower bounds only: on a busy machine the first wait can run long (875 ms seen) and so outlast the second.
  t.ok(waits[1]! >= 380, `waited at least twice the backoff after the second: ${waits[1]} ms`)
  t.ok(waits[2]! >= 550, `paused ${waits[2]} ms after the 429 (600 ms)`)
  t.equal((await deliveryOf(built, id)).attempts >= 3, true, 'each try is counted on the row')

  // Podium refuses the content: no retry, the reason is kept for staff.
  built.fake.state.locations = [{ uid: PODIUM_GAINESVILLE, name: 'Somewhere else' }]
  const refusedBefore = built.fake.state.calls.length
  const appointment = await handOver(built, 'scheduling', 'appointment:bad-phone', 'appointment', {
    appointment_id: '00000000-0000-4000-8000-0000000000a1',
    location_uid: GAINESVILLE,
    first_name: 'Cy',
    last_name: 'Do',
    phone: '555',
    email: 'cy@example.com',
    type_name: 'Hearing Test',
    starts_at: '2027-03-02T15:00:00.000Z',
    ends_at: '2027-03-02T15:30:00.000Z',
  })
  t.ok(appointment.statusCode < 300, `handed over (${appointment.statusCode} ${appointment.body})`)
  const failed = await waitFor('the appointment failed', async () => {
    const r = await built.db.selectFrom('deliveries').selectAll().where('key', '=', 'appointment:bad-phone').executeTakeFirst()
    return r?.status === 'failed' && r
  })
  t.equal(failed.attempts, 1, 'failed once, not retried')
  t.match(failed.last_error, /valid US phone number/)
  t.equal(built.fake.state.calls.length, refusedBefore, 'nothing was sent that Podium would refuse')
})

t.test('Podium answering 400 keeps its code and message on the row and does not retry', async (t) => {
  const built = await podiumApp(t)
  await connect(built)
  // The fake refuses a contact whose locations it does not know: our match goes stale.
  await sendContact(built) // warms the location map
  await waitFor('one message delivered', async () => built.fake.state.messages.length === 1)
  built.fake.state.locations = [{ uid: 'a0f1c2d3-0000-4000-8000-00000000a0ff', name: 'North Georgia Hearing Care - Gainesville' }]
  const id = await sendContact(built, { message: 'Second question' }, '203.0.113.40')
  const row = await waitFor('failed', async () => {
    const r = await deliveryOf(built, id)
    return r.status === 'failed' && r
  })
  t.equal(row.attempts, 1)
  t.match(row.last_error, /HTTP 400 invalid_request_values: locationUid must be a known location/)
})

t.test('the limiter keeps every replica together under the provider limit: no 429 while a backlog drains', async (t) => {
  // Podium's minute scaled down to 2 s: 20 requests per 2 s at the fake, one per 125 ms (16) by our limiter.
  const built = await podiumApp(t, { fake: { limitPerMinute: 20, windowMs: 2000 }, provider: { limit: { max: 1, durationMs: 125 }, concurrency: 8 } })
  await connect(built)
  const started = Date.now()
  const ids: string[] = []
  for (let i = 0; i < 60; i++) ids.push(await sendContact(built, { message: `Backlog ${i}` }, `198.51.100.${i}`))
  await waitFor(
    'the backlog delivered',
    async () => {
      const rows = await built.db.selectFrom('deliveries').select('status').where('id', 'in', ids).execute()
      return rows.every((r) => r.status === 'delivered')
    },
    60_000,
  )
  const seconds = (Date.now() - started) / 1000
  t.equal(built.fake.state.limited, 0, `Podium never had to answer 429 (it did ${built.fake.state.limited} times)`)
  t.equal(built.fake.state.messages.length, 60, 'every message once')
  t.ok(seconds >= 5, `paced: 60 messages at one per 125 ms took ${seconds.toFixed(1)} s`)
  t.comment(`limiter: 60 messages in ${seconds.toFixed(1)} s, ${built.fake.state.limited} answered 429`)
})

t.test('contacts are upserted once per user with E.164 phones; the default location when none was chosen', async (t) => {
  const built = await podiumApp(t)
  await connect(built)
  const user = { user_id: '00000000-0000-4000-8000-0000000000c1', first_name: 'Dee', last_name: 'Lopez', email: 'dee@example.com', phone: '(770) 555-0199', location_uid: GAINESVILLE }
  t.ok((await handOver(built, 'identity', 'user:c1:contact', 'contact', user)).statusCode < 300)
  t.ok((await handOver(built, 'identity', 'user:c1:contact', 'contact', user)).statusCode < 300, 'the same hand-over again')
  await waitFor('the contact created', async () => built.fake.state.contacts.length === 1 && (await built.db.selectFrom('contact_links').selectAll().executeTakeFirst()))
  const contact = built.fake.state.contacts[0]!
  t.match(contact, { name: 'Dee Lopez', phoneNumber: '+17705550199', email: 'dee@example.com', locations: [PODIUM_GAINESVILLE] })
  const link = await built.db.selectFrom('contact_links').selectAll().where('user_id', '=', user.user_id).executeTakeFirstOrThrow()
  t.equal(link.contact_id, contact.identifier, 'the integration record keeps Podium’s contact id')
  t.equal(built.fake.state.calls.filter((c) => c.path === '/v4/contacts').length, 1, 'one upsert for two hand-overs with one key')
})

const reminderText = (over: Record<string, unknown> = {}) => ({
  kind: 'appointment-reminder',
  location_uid: DAWSONVILLE,
  phone: '+17065550150',
  body: "North Georgia Hearing Care: reminder of your Follow-up appointment at our Dawsonville clinic, Mon, Nov 30 at 11:00 AM. Can't come? Cancel: https://hearing.example/cancel-appointment?token=abc Questions: (706) 555-0187",
  expires_at: new Date(Date.now() + 2 * 3600_000).toISOString(),
  email: 'walter@example.com',
  appointment_id: '6f1c0d7e-3a5b-4c2d-9e8f-0a1b2c3d4e5f',
  ...over,
})

t.test("a reminder text reaches the patient's phone as a Podium message with its cancel link, renaming no one; none once the visit has started", async (t) => {
  const built = await podiumApp(t)
  await connect(built)
  // The household's contact for that phone, named after whoever synced first.
  const household = { user_id: '00000000-0000-4000-8000-0000000000d1', first_name: 'Ann', last_name: 'Brooks', email: 'ann@example.com', phone: '706-555-0150', location_uid: DAWSONVILLE }
  t.equal((await handOver(built, 'identity', 'user:d1:contact', 'contact', household)).statusCode, 202)
  await waitFor('the contact created', async () => built.fake.state.contacts.length === 1)

  const sent = await handOver(built, 'scheduling', 'appointment-reminder-text:a:120m', 'text', reminderText())
  t.equal(sent.statusCode, 202)
  const id = (sent.json() as { items: Array<{ id: string }> }).items[0]!.id
  const row = await waitFor('the text delivered', async () => {
    const r = await deliveryOf(built, id)
    return r.status === 'delivered' && r
  })
  const message = built.fake.state.messages.find((m) => m.uid === row.provider_ref)!
  t.ok(message, "the row keeps Podium's id of the message")
  t.same(message.channel, { type: 'phone', identifier: '+17065550150' })
  t.equal(message.locationUid, DEFAULT_PODIUM_LOCATIONS[1]!.uid, 'from the visit’s clinic')
  t.equal(message.body, reminderText().body)
  t.equal(message.contactName, null, 'no contact name: Podium would rename the phone’s contact')
  t.equal(built.fake.state.contacts[0]!.name, 'Ann Brooks', 'the household’s contact keeps its name')

  // Podium away until after the visit started: the reminder is no use then, and is not sent.
  const late = await handOver(built, 'scheduling', 'appointment-reminder-text:b:120m', 'text', reminderText({ expires_at: new Date(Date.now() - 60_000).toISOString() }))
  const lateId = (late.json() as { items: Array<{ id: string }> }).items[0]!.id
  const lateRow = await waitFor('the late text settled', async () => {
    const r = await deliveryOf(built, lateId)
    return r.status === 'failed' && r
  })
  t.match(lateRow.last_error, /too late, the appointment has started/)
  t.equal(built.fake.state.messages.length, 1, 'only the timely text reached Podium')

  // The contract has no room for anything else: free text (a name, notes) is refused at the door.
  const refused = await handOver(built, 'scheduling', 'appointment-reminder-text:c:120m', 'text', reminderText({ first_name: 'Walter' }))
  t.equal(refused.statusCode, 400, 'an unknown field is a 400')
  const noPhone = await handOver(built, 'scheduling', 'appointment-reminder-text:d:120m', 'text', reminderText({ phone: undefined }))
  t.equal(noPhone.statusCode, 400, 'no phone: 400')
})

t.test('households share a phone: the second account is synced without it, and a message from it names no one, so the first one’s Podium contact keeps its name', async (t) => {
  const built = await podiumApp(t)
  await connect(built)
  const ann = { user_id: '00000000-0000-4000-8000-0000000000e1', first_name: 'Ann', last_name: 'Brooks', email: 'ann@example.com', phone: '(770) 555-0160', location_uid: GAINESVILLE }
  const ben = { ...ann, user_id: '00000000-0000-4000-8000-0000000000e2', first_name: 'Ben', email: 'ben@example.com', phone: '770-555-0160' }
  const linked = (n: number) => waitFor(`${n} contact links`, async () => (await built.db.selectFrom('contact_links').selectAll().execute()).length === n)
  await handOver(built, 'identity', 'user:e1:contact', 'contact', ann)
  await linked(1)
  await handOver(built, 'identity', 'user:e2:contact', 'contact', ben)
  await linked(2)
  // Ben again later (a second sync, a changed name): still no phone for his contact.
  await handOver(built, 'identity', 'user:e2:contact:again', 'contact', { ...ben, last_name: 'Brooks-Hale' })
  await waitFor('the second upsert', async () => built.fake.state.calls.filter((c) => c.path === '/v4/contacts' && c.status === 202).length === 3)

  const contacts = built.fake.state.contacts
  t.equal(contacts.length, 2, 'a contact each')
  t.match(contacts.find((c) => c.phoneNumber === '+17705550160'), { name: 'Ann Brooks', email: 'ann@example.com' }, 'the phone’s contact is still named after the first account')
  t.match(contacts.find((c) => c.email === 'ben@example.com'), { name: 'Ben Brooks-Hale', phoneNumber: null }, 'the second account’s contact, found by its e-mail, without the phone')
  const links = new Map((await built.db.selectFrom('contact_links').selectAll().execute()).map((l) => [l.user_id, l.contact_id]))
  t.not(links.get(ann.user_id), links.get(ben.user_id), 'each account is linked to its own contact')

  // Ben writes through the contact form from the household's phone: the message reaches its
  // conversation without a contact name, so the contact stays Ann's.
  const fromBen = await sendContact(built, { first_name: 'Ben', last_name: 'Brooks', phone: '(770) 555-0160' })
  const benRow = await waitFor('Ben’s message delivered', async () => {
    const r = await deliveryOf(built, fromBen)
    return r.status === 'delivered' && r
  })
  t.equal(built.fake.state.messages.find((m) => m.uid === benRow.provider_ref)?.contactName, null, 'no contact name for an account’s phone')
  t.match(contacts.find((c) => c.phoneNumber === '+17705550160'), { name: 'Ann Brooks' }, 'still named after Ann')

  // Ann changes her phone: the old one is free for Ben's next sync.
  await handOver(built, 'identity', 'user:e1:contact:new-phone', 'contact', { ...ann, phone: '(770) 555-0161' })
  await waitFor('Ann’s new phone', async () => contacts.some((c) => c.phoneNumber === '+17705550161'))
  await handOver(built, 'identity', 'user:e2:contact:third', 'contact', ben)
  await waitFor('Ben’s contact with the phone', async () => contacts.some((c) => c.email === 'ben@example.com' && c.phoneNumber === '+17705550160'))
  t.match(contacts.find((c) => c.email === 'ann@example.com'), { name: 'Ann Brooks', phoneNumber: '+17705550161' })
})
