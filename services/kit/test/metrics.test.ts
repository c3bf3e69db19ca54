import { freePort, freshDatabase, testSigner } from '@hearing/infra/testing'
import t from 'tap'
import { createFastify } from '../src/fastify.js'
import { serveMetrics, watchQueues } from '../src/metrics.js'
import { createService } from '../src/service.js'

const scrape = async (port: number) => {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`)
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
}

t.test('requests are timed per route pattern and status, and served on the metrics port only', async (t) => {
  const app = createFastify({ name: 'things', logLevel: false })
  app.get('/things/:id', async (req) => ({ id: (req.params as { id: string }).id }))
  app.get('/boom', async () => {
    throw new Error('broken')
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  const metricsPort = await freePort()
  const server = await serveMetrics(app.metrics, { port: metricsPort, host: '127.0.0.1' })
  t.teardown(() => server.close())

  await app.inject('/things/1')
  await app.inject('/things/2')
  await app.inject('/boom')
  await app.inject('/no/such/path/7f3a')
  const { status, type, text } = await scrape(metricsPort)
  t.equal(status, 200)
  t.match(type, /^text\/plain; version=0\.0\.4/)
  t.match(text, /http_request_duration_seconds_count\{service="things",method="GET",route="\/things\/:id",status_code="200"\} 2/, 'two requests of one route pattern, ids not labels')
  t.match(text, /http_request_duration_seconds_count\{service="things",method="GET",route="\/boom",status_code="500"\} 1/, 'errors counted by status')
  t.match(text, /route="unmatched",status_code="404"/, 'unknown paths share one label')
  t.notMatch(text, '7f3a', 'no raw path in the labels')
  t.match(text, /nodejs_eventloop_lag_seconds\{service="things"\}/, 'event-loop delay')

  const { port } = app.server.address() as { port: number }
  t.equal((await fetch(`http://127.0.0.1:${port}/metrics`)).status, 404, 'not on the port the gateway proxies to')
  t.equal((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status, 404, 'the metrics port serves /metrics only')
})

t.test('database pool use and queue counts are read at scrape time', async (t) => {
  const signer = await testSigner()
  const config = { LOG_LEVEL: 'silent', DATABASE_URL: await freshDatabase(t), INTERNAL_TOKEN: 'i'.repeat(32), JWT_ISSUER: 'test-issuer', JWT_AUDIENCE: 'test-audience' } as const
  const app = await createService(config, { name: 'pooled', schema: 'pooled', migrations: {}, logLevel: false, jwks: signer.keySet, sessionCheck: async (user) => ({ active: true, role: user.role }) })
  t.teardown(() => app.close())
  await app.ready()
  await app.db.selectNoFrom((eb) => eb.val(1).as('one')).execute()
  watchQueues(app.metrics, [{ name: 'emails', getJobCounts: async () => ({ waiting: 3, active: 1, delayed: 0, failed: 2, completed: 40 }) }])
  const text = await app.metrics.registry.metrics()
  t.match(text, /db_pool_connections\{state="total",service="pooled"\} 1/, 'the one connection the query opened')
  t.match(text, /db_pool_connections\{state="idle",service="pooled"\} 1/)
  t.match(text, /db_pool_connections\{state="waiting",service="pooled"\} 0/)
  t.match(text, /queue_jobs\{queue="emails",state="waiting",service="pooled"\} 3/)
  t.match(text, /queue_jobs\{queue="emails",state="failed",service="pooled"\} 2/)
})
