import type { FastifyInstance } from 'fastify'

export interface RunOptions {
  port: number
  host: string
  /** How long in-flight requests get to finish before the process gives up. */
  graceMs?: number
}

/** Listens, then closes cleanly (in-flight requests, pools, queues) on SIGTERM or SIGINT. */
export async function runServer(app: FastifyInstance, { port, host, graceMs = 10_000 }: RunOptions): Promise<void> {
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting')
      process.exit(1)
    }, graceMs)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
  await app.listen({ port, host })
}
