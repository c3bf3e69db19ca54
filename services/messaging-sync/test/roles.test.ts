import { CLINICS } from '@hearing/contracts'
import { Queue } from 'bullmq'
import t from 'tap'
import { buildApp } from '../src/app.js'
import { FAST_QUEUE, build, waitFor } from './helper.js'

// Kubernetes runs the API (MESSAGING_QUEUE_WORKERS=false) and the queue workers (worker.js) as
// separate Deployments: the API only queues, the workers deliver and serve no public routes.
t.test('an API-only process queues a message; a worker process delivers it', async (t) => {
  const api = await build(t, undefined, {}, {}, { role: 'api' })
  const res = await api.app.inject({
    method: 'POST',
    url: '/contact',
    headers: { 'x-forwarded-for': '203.0.113.9' },
    payload: { first_name: 'Ana', last_name: 'Muñoz', phone: '(770) 555-0142', location_uid: CLINICS[0]!.uid, message: 'Saturday fittings?' },
  })
  t.equal(res.statusCode, 202, 'the API accepts the message')
  const { id } = res.json() as { id: string }
  const status = async () => (await api.db.selectFrom('deliveries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

  // The job waits in Redis: no worker runs in the API process.
  const queue = new Queue('provider', { connection: { url: api.config.REDIS_URL }, prefix: api.prefix })
  t.teardown(() => queue.close())
  await waitFor('the job queued', async () => (await queue.getJobCounts('wait')).wait === 1)
  t.equal(await status(), 'queued', 'queued, not delivered, by the API process')

  const worker = await buildApp(api.config, { role: 'worker', logLevel: false, jwks: api.signer.keySet, email: { ...FAST_QUEUE, prefix: api.prefix }, provider: { ...FAST_QUEUE, prefix: api.prefix } })
  t.teardown(() => worker.close())
  await worker.ready()
  await waitFor('delivered by the worker process', async () => (await status()) === 'local')
  t.pass('the worker process delivered it')

  t.equal((await worker.inject({ method: 'GET', url: '/readyz' })).statusCode, 200, 'the worker answers readiness probes')
  for (const url of ['/locations', '/admin/inbox', '/admin/contact-sync']) {
    t.equal((await worker.inject({ method: 'GET', url })).statusCode, 404, `the worker serves no ${url}`)
  }
  t.equal((await worker.inject({ method: 'POST', url: '/contact', payload: {} })).statusCode, 404, 'nor the contact form')
})
