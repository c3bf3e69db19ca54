import { waitUntilReady, stopChild, type Child } from './child.js'

/**
 * The launcher's process manager, in the manner of systemd's `Restart=on-failure`: a child that
 * exits when nobody asked it to is started again (at once the first time, then after growing
 * delays up to a cap), while every other child keeps serving. A child that keeps crashing is
 * reported once in plain words and then retried at the capped delay; one that has run for a while
 * starts again from the short delays. Only `stopAll` (Ctrl-C, SIGTERM) ends the supervision.
 */
export interface SupervisedProcess {
  name: string
  /** Starts one process of it (same port, same settings each time). */
  start: () => Child
  /** Its readiness URL: answered 200 means running. */
  readyUrl: string
}

export type ChildState = 'starting' | 'running' | 'restarting' | 'crashing' | 'stopped'

export interface ChildHealth {
  name: string
  /** Where it listens (its readiness URL's origin): the services' own ports are found here. */
  url: string
  state: ChildState
  pid: number | undefined
  /** Restarts since the launcher started. */
  restarts: number
  lastExit?: { code: number | null; signal: string | null; at: string }
  /** How long its last start took from spawn to ready (ms): the floor of any restart's downtime. */
  bootMs?: number
}

export interface Backoff {
  /** Delays before each restart of a run of crashes; the last one repeats. */
  delaysMs: readonly number[]
  /** A child up this long without crashing starts again from the first delay. */
  stableAfterMs: number
  /** After this many crashes in a row it is reported as crashing. */
  reportAfter: number
}

export const DEFAULT_BACKOFF: Backoff = { delaysMs: [0, 1000, 2000, 5000, 10_000, 30_000], stableAfterMs: 60_000, reportAfter: 5 }

export interface SupervisorOptions {
  say: (line: string) => void
  /** A process was started, first or again in place of `previous`: its pid is to be recorded (stack-pids.ts). */
  onStart?: (child: Child, previous?: Child) => void
  backoff?: Backoff
}

interface Entry {
  spec: SupervisedProcess
  child: Child
  health: ChildHealth
  crashesInRow: number
  startedAt: number
  retry?: NodeJS.Timeout
}

export class Supervisor {
  private readonly entries: Entry[] = []
  private stopping = false
  private readonly backoff: Backoff

  constructor(private readonly options: SupervisorOptions) {
    this.backoff = options.backoff ?? DEFAULT_BACKOFF
  }

  /** Starts a process under supervision; resolves once it is first ready (rejects if it dies first). */
  async add(spec: SupervisedProcess): Promise<void> {
    const child = spec.start()
    this.options.onStart?.(child)
    const entry: Entry = { spec, child, crashesInRow: 0, startedAt: Date.now(), health: { name: spec.name, url: new URL(spec.readyUrl).origin, state: 'starting', pid: child.process.pid, restarts: 0 } }
    this.entries.push(entry)
    this.watch(entry)
    await waitUntilReady(child, spec.readyUrl)
    if (entry.child !== child) return
    entry.health.state = 'running'
    entry.health.bootMs = Date.now() - entry.startedAt
  }

  /** What `/healthz` shows: each child's address, state, pid, restarts and last exit. */
  health(): { status: 'ok' | 'degraded'; children: ChildHealth[] } {
    const children = this.entries.map((e) => ({ ...e.health }))
    return { status: children.every((c) => c.state === 'running') ? 'ok' : 'degraded', children }
  }

  /** Stops every child, last started first (the gateway before the services), and restarts none. */
  async stopAll(): Promise<void> {
    this.stopping = true
    for (const entry of [...this.entries].reverse()) {
      clearTimeout(entry.retry)
      await stopChild(entry.child)
      entry.health.state = 'stopped'
    }
  }

  private watch(entry: Entry) {
    const child = entry.child
    void child.exited.then((code) => {
      if (this.stopping || entry.child !== child) return
      const signal = child.process.signalCode
      entry.health.lastExit = { code, signal, at: new Date().toISOString() }
      if (Date.now() - entry.startedAt >= this.backoff.stableAfterMs) entry.crashesInRow = 0
      const delay = this.backoff.delaysMs[Math.min(entry.crashesInRow, this.backoff.delaysMs.length - 1)]!
      entry.crashesInRow++
      const how = signal ? `signal ${signal}` : `code ${code}`
      if (entry.crashesInRow === this.backoff.reportAfter) {
        entry.health.state = 'crashing'
        this.options.say(
          `${entry.spec.name} keeps crashing (${entry.crashesInRow} times in a row, last ${how}): retrying every ${Math.round(delay / 1000)} s or so. ` +
            `The rest of the site keeps running; its log says why.`,
        )
      } else {
        if (entry.health.state !== 'crashing') entry.health.state = 'restarting'
        this.options.say(`${entry.spec.name} exited unexpectedly (${how}): restarting${delay ? ` in ${delay / 1000} s` : ''}...`)
      }
      entry.retry = setTimeout(() => this.restart(entry), delay)
    })
  }

  private restart(entry: Entry) {
    if (this.stopping) return
    const previous = entry.child
    entry.child = entry.spec.start()
    entry.startedAt = Date.now()
    entry.health.restarts++
    entry.health.pid = entry.child.process.pid
    this.options.onStart?.(entry.child, previous)
    this.watch(entry)
    const current = entry.child
    waitUntilReady(current, entry.spec.readyUrl).then(
      () => {
        if (entry.child !== current || this.stopping) return
        const wasCrashing = entry.health.state === 'crashing'
        entry.health.state = 'running'
        entry.health.bootMs = Date.now() - entry.startedAt
        this.options.say(`${entry.spec.name} is running again${wasCrashing ? ' after repeated crashes' : ''} (restart ${entry.health.restarts}).`)
      },
      () => {}, // it died before it was ready: watch() has already scheduled the next try
    )
  }
}
