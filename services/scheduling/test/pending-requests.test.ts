import { randomUUID } from 'node:crypto'
import { testSigner } from '@hearing/infra/testing'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { migrate, testConfig } from './helper.js'

const GAINESVILLE = CLINICS[0]!.uid
const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday 10:00 in Gainesville
const HOUR = 60 * 60_000

/**
 * A busy clinic: 25 online requests made first, then 150 visits made since. The recent list ends
 * at its 100 newest; the requests are every one of them in reach, the longest waiting first.
 */
t.test('every request waiting for a decision is listed, oldest first, a page at a time, with the true count', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  const signer = await testSigner()
  const app = await buildApp(config, { logLevel: false, jwks: signer.keySet, background: false, now: () => NOW })
  t.teardown(() => app.close())
  const db = app.db
  const staff = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'staff' })}` }
  const customer = { authorization: `Bearer ${await signer.sign({ sub: randomUUID(), role: 'customer' })}` }
  const type = await db.selectFrom('appointment_types').selectAll().where('location_uid', '=', GAINESVILLE).where('name', '=', 'Follow-up').executeTakeFirstOrThrow()
  const visit = (i: number, status: 'pending' | 'completed', createdAt: Date, startsAt: Date) => ({
    location_uid: GAINESVILLE,
    appointment_type_id: type.id,
    appointment_type: type.name,
    starts_at: startsAt,
    ends_at: new Date(startsAt.getTime() + 30 * 60_000),
    status,
    source: 'public' as const,
    first_name: 'Patient',
    last_name: `${status === 'pending' ? 'Waiting' : 'Seen'} ${String(i).padStart(3, '0')}`,
    email: `patient${i}@example.com`,
    phone: '(770) 555-0100',
    created_at: createdAt,
  })
  // The requests: made 30 days ago onwards, one an hour, for upcoming times (one a day, apart).
  const first = NOW.getTime() - 30 * 24 * HOUR
  const requests = Array.from({ length: 25 }, (_, i) => visit(i, 'pending', new Date(first + i * HOUR), new Date(NOW.getTime() + (6 + i) * 24 * HOUR)))
  // Then 150 visits, all made after the last request, in the past.
  const seen = Array.from({ length: 150 }, (_, i) => visit(i, 'completed', new Date(first + (100 + i) * HOUR), new Date(NOW.getTime() - (i + 1) * 24 * HOUR)))
  // Inserted newest first, so the order of the list is the service's doing, not the table's.
  const ids = (await db.insertInto('appointments').values([...requests].reverse()).returning(['id', 'last_name']).execute()).reverse()
  await db.insertInto('appointments').values(seen).execute()

  const recent = await app.inject({ url: '/admin/appointments', headers: staff })
  t.equal(recent.json().length, 100)
  t.equal(recent.json().filter((a: { status: string }) => a.status === 'pending').length, 0, 'none of the requests is among the newest 100')

  const page = (n?: number | string) => app.inject({ url: `/admin/pending-requests${n === undefined ? '' : `?page=${n}`}`, headers: staff })
  const one = await page()
  t.equal(one.statusCode, 200)
  t.match(one.json(), { total: 25, page: 1, pages: 2, page_size: 20 })
  t.same(one.json().requests.map((r: { last_name: string }) => r.last_name), ids.slice(0, 20).map((r) => r.last_name), 'the longest waiting first')
  t.match(one.json().requests[0], { id: ids[0]!.id, status: 'pending', appointment_type: 'Follow-up', first_name: 'Patient', can_cancel: true })
  const two = (await page(2)).json()
  t.match(two, { total: 25, page: 2, pages: 2 })
  t.same(two.requests.map((r: { id: string }) => r.id), ids.slice(20).map((r) => r.id), 'the rest on page 2')
  t.match((await page(3)).json(), { total: 25, page: 3, requests: [] }, 'past the last page: nothing, and still the count')

  // Confirming the oldest, from this list: it leaves it, and the count goes down.
  const confirmed = await app.inject({ method: 'POST', url: `/admin/appointments/${ids[0]!.id}/confirm`, headers: staff })
  t.equal(confirmed.statusCode, 200)
  t.equal(confirmed.json().status, 'confirmed')
  const after = (await page()).json()
  t.equal(after.total, 24)
  t.equal(after.requests[0].id, ids[1]!.id)
  t.equal(after.requests.length, 20)

  for (const bad of ['0', 'x', '1.5', '-2']) t.equal((await page(bad)).statusCode, 400, `page=${bad}: 400`)
  t.match((await page('x')).json().message, 'page: must be a page number')
  t.equal((await app.inject({ url: '/admin/pending-requests', headers: customer })).statusCode, 403)
  t.equal((await app.inject({ url: '/admin/pending-requests' })).statusCode, 401)
})
