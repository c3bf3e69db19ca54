#!/usr/bin/env node
// `npm run bench:booking`: online booking under load through the gateway. Scheduling (with its
// outbox handing each request to messaging-sync, as in production) behind the gateway, its rate
// limit raised for the run; half the load asks a day's free times, half books a random 30-minute
// appointment on a weekday of the coming year at one of the two clinics. Prints p50/p95/p99 of
// each and the answers by status: a booking answers 201, or 409 when that time is already taken.
// Aim: bookings p95 < 150 ms, and no answer but 200 (times), 201 and 409 (bookings).
//
// Built servers (`npm run build`; the script runs `tsc -b` through npm). PostgreSQL and Redis as
// bench:gateway finds them. Options: BENCH_RATE=100 (requests/s in all), BENCH_SECONDS=60,
// BENCH_JSON=<file>.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'

import { clinicToday } from '@hearing/contracts'
import autocannon from 'autocannon'

import { cleanup, freePort, run, serviceEnv, start } from './stack.mjs'

const RATE = Number(process.env.BENCH_RATE ?? 100)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const say = (line = '') => process.stdout.write(`${line}\n`)
const pick = (list) => list[randomBytes(2).readUInt16BE(0) % list.length]

/** A patient's own address, so per-address limits are not what is measured. */
const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`

/** Weekdays from today + 3 in the clinics' zone, for about a year, with the last start of a 30-minute visit. */
function bookableDays() {
  const today = clinicToday()
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 3)
  const days = []
  for (let i = 0; i < 365; i++, date.setUTCDate(date.getUTCDate() + 1)) {
    const weekday = date.getUTCDay()
    if (weekday === 0 || weekday === 6) continue
    days.push({ date: date.toISOString().slice(0, 10), lastStart: weekday === 5 ? 12 * 60 + 30 : 15 * 60 + 30 })
  }
  return days
}

function startTime(lastStart) {
  const minutes = 9 * 60 + 30 * (randomBytes(1)[0] % ((lastStart - 9 * 60) / 30 + 1))
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** p50/p95/p99 of the response times seen (autocannon's own summary has no p95). */
function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] * 10) / 10 : NaN)
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) }
}

/** Runs one kind of request at `rate` per second, keeping every response time. */
function load(url, rate, seconds, request) {
  const samples = []
  const instance = autocannon({ url, connections: 10, overallRate: rate, duration: seconds, requests: [request] })
  instance.on('response', (_client, _status, _bytes, responseTime) => samples.push(responseTime))
  return new Promise((resolve, reject) => {
    instance.on('done', (result) => resolve({ result, samples }))
    instance.on('error', reject)
  })
}

const byStatus = (result) => Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]))

async function main() {
  const { env: common, rateLimitPrefix } = await serviceEnv('booking')
  for (const dir of ['services/scheduling', 'services/messaging-sync']) await run(`${dir}/dist/migrate.js`, { DATABASE_URL: common.DATABASE_URL })
  const messagingPort = await freePort()
  await start('messaging-sync', 'services/messaging-sync/dist/server.js', { ...common, PORT: String(messagingPort) }, messagingPort)
  const schedulingPort = await freePort()
  await start('scheduling', 'services/scheduling/dist/server.js', { ...common, PORT: String(schedulingPort), MESSAGING_INTERNAL_URL: `http://127.0.0.1:${messagingPort}` }, schedulingPort)
  const gatewayPort = await freePort()
  await start(
    'gateway',
    'gateway/dist/server.js',
    {
      ...common,
      PORT: String(gatewayPort),
      SCHEDULING_URL: `http://127.0.0.1:${schedulingPort}`,
      MESSAGING_URL: `http://127.0.0.1:${messagingPort}`,
      IDENTITY_URL: 'http://127.0.0.1:9',
      CONTENT_URL: 'http://127.0.0.1:9',
      CATALOGUE_URL: 'http://127.0.0.1:9',
      TRUSTED_PROXIES: '127.0.0.1',
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_PREFIX: rateLimitPrefix,
    },
    gatewayPort,
  )
  const base = `http://127.0.0.1:${gatewayPort}`
  const locations = await (await fetch(`${base}/api/messaging/locations`)).json()
  const clinics = []
  for (const { uid } of locations) {
    const types = await (await fetch(`${base}/api/scheduling/appointment-types?location_uid=${uid}`)).json()
    clinics.push({ uid, types: types.filter((t) => t.duration_minutes === 30).map((t) => t.id) })
  }
  const days = bookableDays()

  const headers = { 'content-type': 'application/json', accept: 'application/json' }
  const availability = {
    method: 'GET',
    setupRequest: (req) => {
      const clinic = pick(clinics)
      const query = new URLSearchParams({ location_uid: clinic.uid, appointment_type_id: pick(clinic.types), date: pick(days).date })
      return { ...req, path: `/api/scheduling/availability?${query}`, headers: { ...req.headers, ...headers, 'x-forwarded-for': address() } }
    },
  }
  let n = 0
  const booking = {
    method: 'POST',
    path: '/api/scheduling/bookings',
    setupRequest: (req) => {
      const clinic = pick(clinics)
      const day = pick(days)
      const body = {
        first_name: 'Bench',
        last_name: `Patient${++n}`,
        email: `bench.patient${n}@example.com`,
        phone: '(770) 555-0123',
        location: clinic.uid,
        appointment_type_id: pick(clinic.types),
        date: day.date,
        time: startTime(day.lastStart),
        address_line1: '1 Load Street',
        city: 'Gainesville',
        state: 'GA',
        zip_code: '30501',
      }
      return { ...req, headers: { ...req.headers, ...headers, 'x-forwarded-for': address() }, body: JSON.stringify(body) }
    },
  }

  say(`Booking through the gateway: ${RATE} requests/s for ${SECONDS} s, half free-time queries, half bookings (${days.length} weekdays x ${clinics.length} clinics)`)
  const [times, bookings] = await Promise.all([load(base, RATE / 2, SECONDS, availability), load(base, RATE / 2, SECONDS, booking)])

  const report = (name, { result, samples }, expected) => {
    const statuses = byStatus(result)
    const unexpected = result.errors + result.timeouts + Object.entries(statuses).filter(([code]) => !expected.includes(Number(code))).reduce((sum, [, count]) => sum + count, 0)
    const p = percentiles(samples)
    say(`${name}: ${result.requests.total} requests, p50 ${p.p50} ms, p95 ${p.p95} ms, p99 ${p.p99} ms; answers ${JSON.stringify(statuses)}; errors ${unexpected} (${result.errors} connection errors, ${result.timeouts} timeouts)`)
    return { requests: result.requests.total, ...p, statuses, unexpected }
  }
  say()
  const timesReport = report('free times', times, [200])
  const bookingsReport = report('bookings', bookings, [201, 409])
  const met = bookingsReport.p95 < 150 && timesReport.unexpected === 0 && bookingsReport.unexpected === 0
  say(`aim: bookings p95 < 150 ms and no errors but the expected 409s: ${met ? 'met' : 'NOT MET'}`)
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rate: RATE, seconds: SECONDS, times: timesReport, bookings: bookingsReport }, null, 2))
}

try {
  await main()
} catch (err) {
  process.exitCode = 1
  say(`bench:booking failed: ${err instanceof Error ? err.message : String(err)}`)
} finally {
  await cleanup()
}
