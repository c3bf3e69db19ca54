/**
 * How much password hashing runs at once, and who waits for it.
 *
 * Each hash takes 128 MiB outside the JS heap and a core for ~0.25 s (seconds on a busy machine),
 * so at most MAX_CONCURRENT run at once. Work comes in two lanes:
 * - `verify`: checking a password someone typed (sign-in, confirming the current password). It is
 *   served first and may use every slot;
 * - `new`: hashing a new password (sign-up, reset, invitation, change). It never holds more than
 *   NEW_HASH_SLOTS, so a flood of sign-ups leaves a slot for signing in, and none starts while a
 *   check runs or waits.
 *
 * Nobody waits longer than MAX_WAIT_MS for a slot. A request whose expected wait (those ahead of
 * it in its lane, at the recent hash duration) is longer is refused at once; one still waiting at
 * the bound is refused then. Refused means 503 with Retry-After, before anything was created.
 * Accepted work thus ends within MAX_WAIT_MS plus one hash, well inside the gateway's upstream
 * timeout (UPSTREAM_TIMEOUT_MS, 10 s): a client is not told 504 for an account that was created.
 * (40 concurrent sign-ups once queued 32 hashes at 3.3 s each: 33 answers of 504, and an
 * unrelated sign-in waited 10.6 s.)
 */
export type HashLane = 'verify' | 'new'

export const MAX_CONCURRENT = 2
export const NEW_HASH_SLOTS = 1
export const MAX_WAIT_MS = 2_000
export const HASHER_RETRY_AFTER_SECONDS = 2

/** The hasher is saturated: a 503 with Retry-After (the kit's error handler sends both). */
export class HasherBusyError extends Error {
  readonly statusCode = 503
  readonly retryAfterSeconds = HASHER_RETRY_AFTER_SECONDS
  constructor() {
    super('password hasher saturated')
    this.name = 'HasherBusyError'
  }
}

interface Waiter {
  start: () => void
  timer: NodeJS.Timeout
}

const running: Record<HashLane, number> = { verify: 0, new: 0 }
const queues: Record<HashLane, Waiter[]> = { verify: [], new: [] }
/** Recent duration of one hash (moving average), to tell an expected wait from the queue. */
let averageMs = 250

const slotsOf = (lane: HashLane) => (lane === 'new' ? NEW_HASH_SLOTS : MAX_CONCURRENT)
const total = () => running.verify + running.new
// A new password starts only while nobody is signing in: a hash already running slows a check
// started beside it (two hashes share the cores), but none is added while one runs or waits.
const canStart = (lane: HashLane) =>
  total() < MAX_CONCURRENT && running[lane] < slotsOf(lane) && (lane === 'verify' || (running.verify === 0 && queues.verify.length === 0))

/** Hashes running and waiting now (tests, benches). */
export function hasherLoad(): { running: number; waiting: number; averageMs: number } {
  return { running: total(), waiting: queues.verify.length + queues.new.length, averageMs: Math.round(averageMs) }
}

/** Milliseconds a newcomer to the lane would wait behind those queued ahead of it. */
function expectedWaitMs(lane: HashLane): number {
  return (queues[lane].length / slotsOf(lane)) * averageMs
}

/** The next waiter, verify lane first, while slots allow. */
function startNext(): void {
  for (const lane of ['verify', 'new'] as const) {
    while (queues[lane].length > 0 && canStart(lane)) {
      const waiter = queues[lane].shift()!
      clearTimeout(waiter.timer)
      running[lane]++
      waiter.start()
    }
  }
}

function slot(lane: HashLane): Promise<void> {
  if (queues[lane].length === 0 && canStart(lane)) {
    running[lane]++
    return Promise.resolve()
  }
  if (expectedWaitMs(lane) >= MAX_WAIT_MS) return Promise.reject(new HasherBusyError())
  return new Promise<void>((resolve, reject) => {
    const waiter: Waiter = {
      start: resolve,
      timer: setTimeout(() => {
        queues[lane].splice(queues[lane].indexOf(waiter), 1)
        reject(new HasherBusyError())
      }, MAX_WAIT_MS),
    }
    queues[lane].push(waiter)
  })
}

/** Runs `work` (one hash) in the lane's turn, or throws HasherBusyError without running it. */
export async function withHashSlot<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
  await slot(lane)
  const started = performance.now()
  try {
    return await work()
  } finally {
    averageMs = 0.7 * averageMs + 0.3 * (performance.now() - started)
    running[lane]--
    startNext()
  }
}
