import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import { serveMetrics } from './metrics.js'
import { SHUTDOWN_GRACE_MS } from './shutdown.js'

export { SHUTDOWN_GRACE_MS }

export interface RunOptions {
  port: number
  host: string
  /** How long in-flight requests get to finish before the process gives up. */
  graceMs?: number
  /** Where GET /metrics is served (not the port the gateway proxies to); unset: not served. */
  metricsPort?: number
}

/**
 * Listens, then closes cleanly (in-flight requests, pools, queues) on SIGTERM, SIGINT and the other
 * stop signals, or after an uncaught error (then exiting 1). A second signal, or a close that
 * outlasts graceMs, ends the process at once with 1.
 */
export async function runServer(app: FastifyInstance, { port, host, graceMs = SHUTDOWN_GRACE_MS, metricsPort }: RunOptions): Promise<void> {
  closeWithGrace(
    { delay: graceMs, logger: { error: (message: unknown) => app.log.error(message instanceof Error ? { err: message } : { reason: String(message) }, 'shutdown problem') } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'unexpected error: shutting down')
      else app.log.info({ signal }, 'shutting down')
      await app.close()
    },
  )
  await app.listen({ port, host })
  if (metricsPort !== undefined) {
    await serveMetrics(app.metrics, { port: metricsPort, host })
    app.log.info({ port: metricsPort }, 'metrics on /metrics')
  }
}
