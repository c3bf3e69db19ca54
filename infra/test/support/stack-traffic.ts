import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

/**
 * Steady traffic through a stack's gateway, as the site's visitors make it: a read of every service
 * every few tens of milliseconds, and contact messages, order requests and bookings, each answer
 * kept (service, time, status, Retry-After) so a test can judge what a visitor saw while a process
 * was down. Reads carry a query of their own so the gateway's API cache never answers for a service.
 */
export type Service = 'identity' | 'scheduling' | 'messaging-sync' | 'catalogue' | 'content'

export interface Answer {
  service: Service
  method: 'GET' | 'POST'
  /** When it was sent, and when its answer (or failure) came. */
  at: number
  doneAt: number
  /** 0: no HTTP answer at all (refused or broken connection to the gateway). */
  status: number
  retryAfter: string | null
}

const GAINESVILLE = '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a01'

const READS: Record<Service, (n: number) => string> = {
  identity: (n) => `/api/identity/.well-known/jwks.json?n=${n}`,
  scheduling: () => `/api/scheduling/appointment-types?location_uid=${GAINESVILLE}`,
  'messaging-sync': (n) => `/api/messaging/locations?n=${n}`,
  catalogue: (n) => `/api/catalogue/products?n=${n}`,
  content: (n) => `/api/content/reviews?n=${n}`,
}

/**
 * A visitor of their own: address (the gateway trusts 127.0.0.1 as a proxy), name and phone, so the
 * per-visitor limits stay out of it. Names are letters only, as the forms' name rule wants.
 */
const letters = (n: number) => [...String(n)].map((d) => 'abcdefghij'[Number(d)]).join('')
const phoneOf = (n: number) => `(770) 555-01${String(n % 100).padStart(2, '0')}`
const visitor = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`

/** Morning times of open weekdays from `fromDay` days ahead, one per booking, so bookings never compete for a time. */
function* bookableTimes(closed: Set<string>, fromDay: number): Generator<{ date: string; time: string }> {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() + fromDay)
  for (;;) {
    date.setUTCDate(date.getUTCDate() + 1)
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6 || closed.has(date.toISOString().slice(0, 10))) continue
    for (const time of ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00']) yield { date: date.toISOString().slice(0, 10), time }
  }
}

/** `bookFromDay`: the first day its bookings take (days ahead), apart from another traffic's on the same stack. */
export function steadyTraffic(base: string, { readEveryMs = 100, writeEveryMs = 300, bookFromDay = 7 } = {}) {
  const answers: Answer[] = []
  /** Writes answered 2xx, by what they created: these must all be in the database afterwards. */
  const accepted = { contacts: [] as string[], orders: [] as string[], bookings: [] as string[] }
  let running = true
  let n = 0
  const pending = new Set<Promise<unknown>>()

  async function send(service: Service, url: string, init?: RequestInit): Promise<{ status: number; body?: unknown }> {
    const at = Date.now()
    const method = init?.method === 'POST' ? 'POST' : 'GET'
    try {
      const res = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(10_000) })
      const body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer()
      answers.push({ service, method, at, doneAt: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after') })
      return { status: res.status, body }
    } catch {
      answers.push({ service, method, at, doneAt: Date.now(), status: 0, retryAfter: null })
      return { status: 0 }
    }
  }
  const post = (service: Service, url: string, body: unknown) =>
    send(service, url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor() }, body: JSON.stringify(body) })

  let times: Generator<{ date: string; time: string }> | undefined
  /** Bookings sent: each has a phone of its own (for the first hundred), as each is another patient. */
  let booking = 0
  let appointmentType: string | undefined
  const writes: Array<() => Promise<void>> = [
    async () => {
      const res = await post('messaging-sync', '/api/messaging/contact', { first_name: 'Steady', last_name: `Visitor ${letters(n)}`, phone: phoneOf(n), location_uid: GAINESVILLE, message: 'Please call me back.' })
      if (res.status === 202) accepted.contacts.push((res.body as { id: string }).id)
    },
    async () => {
      const res = await post('catalogue', '/api/catalogue/orders', { first_name: 'Steady', last_name: `Buyer ${letters(n)}`, email: `buyer${n}@example.com`, phone: phoneOf(n), location_uid: GAINESVILLE, items: [{ id: 'oticon-intent-1', quantity: 1 }] })
      if (res.status === 201) accepted.orders.push((res.body as { id: string }).id)
    },
    async () => {
      if (!appointmentType || !times) return
      const res = await post('scheduling', '/api/scheduling/bookings', {
        first_name: 'Steady', last_name: `Patient ${letters(++booking)}`, email: `patient${booking}@example.com`, phone: phoneOf(booking), location: GAINESVILLE,
        appointment_type_id: appointmentType, ...times.next().value!, address_line1: '1 Main Street', city: 'Gainesville', state: 'GA', zip_code: '30501',
      })
      if (res.status === 201) accepted.bookings.push((res.body as { id: string }).id)
    },
  ]

  function every(ms: number, work: () => Promise<unknown>) {
    const timer = setInterval(() => {
      if (!running) return
      const p = work().finally(() => pending.delete(p))
      pending.add(p)
    }, ms)
    return timer
  }

  const timers: NodeJS.Timeout[] = []
  const started = (async () => {
    const types = (await (await fetch(`${base}${READS.scheduling(0)}`)).json()) as Array<{ id: string; duration_minutes: number }>
    appointmentType = types.find((t) => t.duration_minutes === 30)?.id ?? types[0]?.id
    const window = (await (await fetch(`${base}/api/scheduling/booking-window?location_uid=${GAINESVILLE}`)).json()) as { closed_dates: string[] }
    times = bookableTimes(new Set(window.closed_dates), bookFromDay)
    for (const service of Object.keys(READS) as Service[]) timers.push(every(readEveryMs, () => send(service, READS[service](++n))))
    let turn = 0
    timers.push(every(writeEveryMs, () => writes[turn++ % writes.length]!()))
  })()

  return {
    answers,
    accepted,
    started,
    /** Stops sending and waits for the answers still on their way. */
    async stop() {
      running = false
      for (const timer of timers) clearInterval(timer)
      await Promise.allSettled([...pending])
    },
  }
}

/** The stack's embedded PostgreSQL, as its data directory describes it. */
export function stackDatabaseUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, 'postgres/password'), 'utf8').trim()
  const port = readFileSync(path.join(dataDir, 'postgres/cluster/postmaster.pid'), 'utf8').split('\n')[3]
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`
}

/** Of the accepted writes, those that are not in the database. */
export async function missingWrites(dataDir: string, accepted: { contacts: string[]; orders: string[]; bookings: string[] }) {
  const client = new pg.Client({ connectionString: stackDatabaseUrl(dataDir) })
  await client.connect()
  try {
    const missing = async (table: string, ids: string[]) => {
      const { rows } = await client.query<{ id: string }>(`select id::text from ${table} where id::text = any($1)`, [ids])
      const found = new Set(rows.map((r) => r.id))
      return ids.filter((id) => !found.has(id))
    }
    return {
      contacts: await missing('messaging.deliveries', accepted.contacts),
      orders: await missing('catalogue.order_requests', accepted.orders),
      bookings: await missing('scheduling.appointments', accepted.bookings),
    }
  } finally {
    await client.end()
  }
}
