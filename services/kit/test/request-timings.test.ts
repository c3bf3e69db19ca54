import { Histogram, Registry } from 'prom-client'
import t from 'tap'
import { RequestTimings } from '../src/request-timings.js'

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

/** The samples of a text exposition, as "name{labels in name order} value" lines, sorted. */
function samples(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (.+)$/.exec(line)!
      const labels = (match[2] ?? '').split(/,(?=\w+=)/).filter(Boolean).sort().join(',')
      return `${match[1]}{${labels}} ${Number(match[3])}`
    })
    .sort()
}

t.test("request timings are served exactly as prom-client's histogram serves the same observations", async (t) => {
  const ours = new Registry()
  const theirs = new Registry()
  for (const registry of [ours, theirs]) registry.setDefaultLabels({ service: 'things' })
  const timings = new RequestTimings(ours, BUCKETS)
  const histogram = new Histogram({ name: 'http_request_duration_seconds', help: 'HTTP requests by method, route pattern and status code', labelNames: ['method', 'route', 'status_code'], buckets: BUCKETS, registers: [theirs] })
  // On bucket bounds, between them, below the first and above the last.
  const observations: [string, string, number, number][] = [
    ['GET', '/things/:id', 200, 0.0004],
    ['GET', '/things/:id', 200, 0.001],
    ['GET', '/things/:id', 200, 0.0031],
    ['GET', '/things/:id', 404, 0.25],
    ['POST', '/things', 201, 7.5],
    ['GET', 'unmatched', 404, 0.012],
  ]
  for (const [method, route, status, seconds] of observations) {
    timings.observe(method, route, status, seconds)
    histogram.observe({ method, route, status_code: String(status) }, seconds)
  }
  const text = await ours.metrics()
  t.same(samples(text), samples(await theirs.metrics()), 'the same series, buckets, sums and counts')
  t.match(text, /# TYPE http_request_duration_seconds histogram/)
  t.match(text, /http_request_duration_seconds_bucket\{.*le="0\.005".*\} 3/, 'buckets are cumulative')

  ours.resetMetrics()
  t.notMatch(await ours.metrics(), /_count/, 'a reset empties it')
})
