import { createServer, type Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * Prometheus metrics of one process, served on a port of their own (METRICS_PORT), never on the
 * port the gateway proxies to: what operators watch is not something the public can read.
 *
 * - http_request_duration_seconds{method,route,status_code}: rate, errors and latency per route
 *   (the route's pattern, such as /products/:id, so ids never become labels);
 * - the Node.js defaults: event-loop delay (nodejs_eventloop_lag_*), heap, GC, CPU, handles;
 * - db_pool_connections{state}, queue_jobs{queue,state}, provider_request_duration_seconds and
 *   provider_throttled_total, registered by the parts of the service that have them.
 */
export class ProcessMetrics {
  readonly registry = new Registry()
  readonly providerRequests: Histogram<'provider' | 'operation' | 'status'>
  readonly providerThrottled: Counter<'provider'>

  constructor(service: string) {
    this.registry.setDefaultLabels({ service })
    collectDefaultMetrics({ register: this.registry })
    this.providerRequests = new Histogram({
      name: 'provider_request_duration_seconds',
      help: 'Calls to an external provider (Podium, Shopify, Google, SMTP) by operation and outcome',
      labelNames: ['provider', 'operation', 'status'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    })
    this.providerThrottled = new Counter({
      name: 'provider_throttled_total',
      help: 'Answers of an external provider saying to slow down (HTTP 429 and the like)',
      labelNames: ['provider'],
      registers: [this.registry],
    })
  }

  /** A gauge read when Prometheus scrapes, e.g. a pool's or a queue's counts. */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], read: (set: (labels: Record<L, string>, value: number) => void) => Promise<void> | void) {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset()
        await read((labels, value) => this.set(labels, value))
      },
    })
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ProcessMetrics
  }
}

/** Times every request by route pattern; called by createFastify, so every service and the gateway have it. */
export function installMetrics(app: FastifyInstance, service: string): ProcessMetrics {
  const metrics = new ProcessMetrics(service)
  // prom-client's own Histogram: about 0.6 µs an observation, small beside what a request costs.
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  })
  app.decorate('metrics', metrics)
  app.addHook('onResponse', (req, reply, done) => {
    // Unmatched paths (404s, scanners) share one label instead of one per path tried.
    const route = req.routeOptions.url ?? 'unmatched'
    requests.observe({ method: req.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000)
    done()
  })
  return metrics
}

/** GET /metrics on its own port (0.0.0.0 in containers, so Prometheus can scrape the pod). */
export async function serveMetrics(metrics: ProcessMetrics, { port, host }: { port: number; host: string }): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
      return
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  server.unref()
  return server
}

/** What queue_jobs needs of a BullMQ Queue. */
export interface CountedQueue {
  name: string
  getJobCounts(...types: string[]): Promise<Record<string, number>>
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const

/** queue_jobs{queue,state}: each queue's waiting, active, delayed, failed and completed jobs, read at scrape time. */
export function watchQueues(metrics: ProcessMetrics, queues: readonly CountedQueue[]) {
  metrics.gauge('queue_jobs', 'Jobs per queue and state (waiting, active, delayed, failed, completed)', ['queue', 'state'], async (set) => {
    for (const queue of queues) {
      const counts = await queue.getJobCounts(...QUEUE_STATES)
      for (const state of QUEUE_STATES) set({ queue: queue.name, state }, counts[state] ?? 0)
    }
  })
}
