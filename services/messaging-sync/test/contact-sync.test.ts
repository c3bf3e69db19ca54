import { randomUUID } from 'node:crypto'
import { DEFAULT_PODIUM_LOCATIONS, FAKE_PODIUM_CLIENT_ID, FAKE_PODIUM_CLIENT_SECRET, startFakePodium } from '@hearing/infra/fakes/podium'
import { identityFake, type IdentityFake } from '@hearing/infra/testing'
import { CLINICS, type ContactSyncRun } from '@hearing/contracts'
import t from 'tap'
import { build, testConfig, TEST_PROVIDER_TOKEN_SECRET, waitFor } from './helper.js'

type Built = Awaited<ReturnType<typeof build>>
type Candidate = IdentityFake['contacts'][number]

const GAINESVILLE = CLINICS[0]!.uid
const SYNC_TIMINGS = { syncOptions: { pageSize: 5, resumeIntervalMs: 200, maxListingFailures: 3 } }

const user = (over: Partial<Candidate> = {}): Candidate => ({
  id: randomUUID(),
  email: `${randomUUID().slice(0, 8)}@example.com`,
  first_name: 'Ana',
  last_name: 'Muñoz',
  phone: '(770) 555-0142',
  preferred_location_uid: GAINESVILLE,
  ...over,
})

const as = async (built: Built, role: string) => ({ authorization: `Bearer ${await built.signer.sign({ sub: `${role}-1`, role })}` })
const start = async (built: Built, role = 'admin') => built.app.inject({ method: 'POST', url: '/admin/contact-sync', headers: await as(built, role) })
const latest = async (built: Built) => ((await built.app.inject({ method: 'GET', url: '/admin/contact-sync', headers: await as(built, 'admin') })).json() as { sync: ContactSyncRun | null }).sync

const finished = (built: Built, timeoutMs = 20_000) =>
  waitFor(
    'the sync to finish',
    async () => {
      const sync = await latest(built)
      return sync && sync.status !== 'running' && sync
    },
    timeoutMs,
  )

t.test('Sync Existing Users hands every confirmed, named user without a contact over once, counts the skipped by reason; a second click joins the run', async (t) => {
  const identity = await identityFake()
  const built = await build(t, undefined, {}, {}, SYNC_TIMINGS)
  const alreadyLinked = user({ first_name: 'Lin' })
  await built.db.insertInto('contact_links').values({ user_id: alreadyLinked.id, contact_id: `local:${alreadyLinked.id}` }).execute()
  const noLocation = user({ first_name: 'Nol', preferred_location_uid: null })
  identity.contacts = [
    ...Array.from({ length: 11 }, (_, i) => user({ first_name: `User${i}` })),
    noLocation,
    alreadyLinked,
    user({ first_name: null, last_name: null }),
    user({ first_name: '  ', last_name: '' }),
    user({ first_name: 'Una', email_verified: false }),
    user({ first_name: 'Ulla', email_verified: false }),
    user({ first_name: 'Uri', email_verified: false }),
  ]

  t.equal((await start(built, 'staff')).statusCode, 403, 'staff cannot run it')
  t.equal((await built.app.inject({ method: 'GET', url: '/admin/contact-sync', headers: await as(built, 'customer') })).statusCode, 403)
  t.equal((await built.app.inject({ method: 'GET', url: '/admin/contact-sync' })).statusCode, 401)
  t.equal(await latest(built), null, 'no run yet')

  const first = await start(built)
  t.equal(first.statusCode, 202)
  const second = await start(built)
  t.match(second.json(), { joined: true, sync: { id: (first.json() as { sync: { id: string } }).sync.id } }, 'a second click joins the running one')

  const done = await finished(built)
  t.match(done, { status: 'completed', provider: 'local', total: 12, synced: 12, failed: 0, skipped: 5, skipped_unconfirmed: 3, skipped_incomplete: 2, listed: true })
  const links = await built.db.selectFrom('contact_links').selectAll().execute()
  t.equal(links.length, 13, 'one integration record per synced user, the linked one kept')
  const contacts = await built.db.selectFrom('deliveries').select('payload').where('topic', '=', 'contact').execute()
  const payloadOf = contacts.map((c) => c.payload as { user_id: string; location_uid?: string }).find((p) => p.user_id === noLocation.id)
  t.equal(payloadOf?.location_uid, undefined, 'no location chosen: the provider uses the default one')

  const again = await start(built)
  t.equal((again.json() as { joined: boolean }).joined, false, 'a new run once the last one completed')
  t.match(await finished(built), { status: 'completed', total: 0, synced: 0 }, 'everybody synced already: nothing to do')
})

t.test('a run left unfinished by a stopped process is resumed by the next one; identity away for good fails it with the reason', async (t) => {
  const identity = await identityFake()
  identity.contacts = Array.from({ length: 8 }, (_, i) => user({ first_name: `R${i}` }))
  const config = await testConfig(t)
  // The first process cannot read identity, and stops with its run unfinished.
  identity.failListings = 2
  const first = await build(t, config, {}, {}, { syncOptions: { ...SYNC_TIMINGS.syncOptions, maxListingFailures: 100 } })
  await start(first)
  await waitFor('both refusals met', async () => identity.failListings === 0)
  const stuck = await first.db.selectFrom('contact_syncs').selectAll().executeTakeFirstOrThrow()
  await first.app.close()
  t.match(stuck, { status: 'running', listed: false, total: 0 }, 'stopped mid-run')

  const next = await build(t, config, {}, {}, SYNC_TIMINGS)
  const done = await finished(next)
  t.match(done, { id: stuck.id, status: 'completed', total: 8, synced: 8 }, 'the same run, finished by the next process')

  identity.failListings = 100
  await start(next)
  const failed = await finished(next)
  t.match(failed, { status: 'failed', error: /Could not read the users: identity answered 503/ })
  identity.failListings = 0
})

t.test('Podium: contacts with E.164 phones and the default location, never duplicated, paced under the limit', async (t) => {
  const identity = await identityFake()
  const fake = await startFakePodium({ limitPerMinute: 20, windowMs: 2000 })
  t.teardown(() => fake.close())
  const config = await testConfig(t, {
    MESSAGING_PROVIDER: 'podium',
    PODIUM_CLIENT_ID: FAKE_PODIUM_CLIENT_ID,
    PODIUM_CLIENT_SECRET: FAKE_PODIUM_CLIENT_SECRET,
    PROVIDER_TOKEN_SECRET: TEST_PROVIDER_TOKEN_SECRET,
    PODIUM_API_URL: fake.url,
    PODIUM_AUTHORIZE_URL: `${fake.url}/oauth/authorize`,
    PODIUM_TOKEN_URL: `${fake.url}/oauth/token`,
  })
  const built = await build(t, config, {}, { limit: { max: 1, durationMs: 125 }, concurrency: 4 }, SYNC_TIMINGS)
  const connect = await built.app.inject({ method: 'POST', url: '/admin/podium/connect', headers: await as(built, 'admin') })
  const consent = await fetch((connect.json() as { url: string }).url, { redirect: 'manual' })
  const browser = connect.cookies.find((c) => c.name === 'hc_podium_connect')!.value
  await built.app.inject({ method: 'GET', url: `/podium/callback${new URL(consent.headers.get('location')!).search}`, cookies: { hc_podium_connect: browser } })

  // Linked by the local provider before the switch: still to be created at Podium.
  const localOnly = user({ first_name: 'Loc', phone: '706.555.0111' })
  await built.db.insertInto('contact_links').values({ user_id: localOnly.id, contact_id: `local:${localOnly.id}` }).execute()
  identity.contacts = [...Array.from({ length: 20 }, (_, i) => user({ first_name: `P${i}`, phone: `770-555-01${String(i).padStart(2, '0')}`, preferred_location_uid: i % 4 === 0 ? null : GAINESVILLE })), localOnly]

  t.equal((await start(built)).statusCode, 202)
  const done = await finished(built, 40_000)
  t.match(done, { status: 'completed', provider: 'podium', total: 21, synced: 21, failed: 0 })
  t.equal(fake.state.contacts.length, 21, 'one Podium contact per user')
  t.ok(
    fake.state.contacts.every((c) => /^\+1\d{10}$/.test(c.phoneNumber ?? '')),
    'every phone in E.164',
  )
  t.ok(fake.state.contacts.every((c) => c.locations[0] === DEFAULT_PODIUM_LOCATIONS[0]!.uid), 'no location chosen: the default (first) clinic')
  t.equal(fake.state.limited, 0, 'never past the limit')
  const link = await built.db.selectFrom('contact_links').selectAll().where('user_id', '=', localOnly.id).executeTakeFirstOrThrow()
  t.notMatch(link.contact_id, /^local:/, 'the integration record now names the Podium contact')

  await start(built)
  t.match(await finished(built), { total: 0 }, 'a second run finds nothing to do')
  t.equal(fake.state.calls.filter((c) => c.path === '/v4/contacts').length, 21, 'no contact upserted twice')
})

t.test('every run is kept: a later run with nothing to do does not hide the last one that synced, and admins read the last few', async (t) => {
  const identity = await identityFake()
  const built = await build(t, undefined, {}, {}, SYNC_TIMINGS)
  identity.contacts = [user({ first_name: 'Hana' }), user({ first_name: 'Ivo' })]
  t.equal((await start(built)).statusCode, 202)
  const first = await finished(built)
  t.match(first, { status: 'completed', total: 2, synced: 2 })
  t.equal((await start(built)).statusCode, 202)
  const second = await waitFor('the second run to finish', async () => {
    const sync = await latest(built)
    return sync && sync.id !== first.id && sync.status !== 'running' && sync
  })
  t.match(second, { status: 'completed', total: 0 }, 'nothing left to do')

  const res = await built.app.inject({ method: 'GET', url: '/admin/contact-sync', headers: await as(built, 'admin') })
  const { sync, history } = res.json() as { sync: ContactSyncRun; history: ContactSyncRun[] }
  t.equal(sync.id, second.id, 'the latest run first')
  t.same(history.map((r) => [r.id, r.total, r.synced]), [[second.id, 0, 0], [first.id, 2, 2]], 'and the one before it, with its counts')
})
