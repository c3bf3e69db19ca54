import type { Registry } from 'prom-client'

/**
 * http_request_duration_seconds, counted as prom-client's Histogram would and served in the same
 * format, but at a fraction of its cost per request: prom-client checks, copies and hashes the
 * labels of every observation and looks each bucket up by its bound turned into a string (about
 * 0.6 µs; the gateway times every request it passes on). Here one observation is a Map lookup by a
 * short key and an increment. Label values are taken as given: the callers pass the method, the
 * route pattern and the status code.
 */

type Labels = Record<'method' | 'route' | 'status_code', string>

interface Exposition {
  name: string
  help: string
  type: string
  aggregator: string
  values: { labels: Record<string, string | number>; sharedLabels?: Labels; value: number; metricName: string }[]
}

interface Series {
  labels: Labels
  /** Observations per bucket, not cumulative; the last one is +Inf. */
  counts: number[]
  sum: number
  count: number
}

export class RequestTimings {
  readonly name = 'http_request_duration_seconds'
  readonly help = 'HTTP requests by method, route pattern and status code'
  readonly type = 'histogram'
  readonly aggregator = 'sum'
  readonly #bounds: readonly number[]
  readonly #series = new Map<string, Series>()

  constructor(registry: Registry, bounds: readonly number[]) {
    this.#bounds = [...bounds].sort((a, b) => a - b)
    registry.registerMetric(this as never)
  }

  observe(method: string, route: string, statusCode: number, seconds: number) {
    const key = `${statusCode} ${method} ${route}`
    let series = this.#series.get(key)
    if (!series) {
      series = { labels: { method, route, status_code: String(statusCode) }, counts: new Array<number>(this.#bounds.length + 1).fill(0), sum: 0, count: 0 }
      this.#series.set(key, series)
    }
    let bucket = 0
    while (bucket < this.#bounds.length && seconds > this.#bounds[bucket]!) bucket++
    series.counts[bucket]!++
    series.sum += seconds
    series.count++
  }

  /**
   * What the registry serves (it prefers this to get()): cumulative buckets (le), then the sum and the
   * count of each series, the series' labels shared by its lines, as prom-client's Histogram does.
   */
  getForPromString(): Promise<Exposition> {
    const values: Exposition['values'] = []
    for (const { labels, counts, sum, count } of this.#series.values()) {
      let cumulative = 0
      this.#bounds.forEach((le, i) => {
        cumulative += counts[i]!
        values.push({ labels: { le }, sharedLabels: labels, value: cumulative, metricName: `${this.name}_bucket` })
      })
      values.push({ labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${this.name}_bucket` })
      values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` })
      values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` })
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator })
  }

  /** The same with each line's labels complete (the registry's JSON, cluster aggregation). */
  async get(): Promise<Exposition> {
    const exposition = await this.getForPromString()
    return { ...exposition, values: exposition.values.map(({ labels, sharedLabels, ...rest }) => ({ ...rest, labels: { ...sharedLabels, ...labels } })) }
  }

  reset() {
    this.#series.clear()
  }
}
