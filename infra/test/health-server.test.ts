import t from 'tap'
import { startHealthServer } from '../src/launcher/health-server.js'
import type { Supervisor } from '../src/launcher/supervisor.js'
import { rawGet } from '../src/testing/raw-request.js'

t.test("the launcher's /healthz answers only requests addressed to this machine (no DNS rebinding)", async (t) => {
  const supervisor = { health: () => ({ status: 'ok', children: [{ name: 'gateway', state: 'running', pid: 4242 }] }) } as unknown as Supervisor
  const health = await startHealthServer(supervisor, 0)
  t.teardown(() => health.close())
  const port = new URL(health.url).port
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
    const answer = await rawGet(Number(port), '/healthz', { host })
    t.equal(answer.status, 200, `Host ${host}`)
    t.match(JSON.parse(answer.body), { status: 'ok', children: [{ name: 'gateway', pid: 4242 }] })
  }
  for (const host of [`rebind.evil.example:${port}`, 'rebind.evil.example', `127.0.0.1:${Number(port) + 1}`]) {
    const answer = await rawGet(Number(port), '/healthz', { host })
    t.equal(answer.status, 421, `Host ${host} is refused`)
    t.notMatch(answer.body, /gateway|4242/, 'and learns nothing of the processes')
    t.notOk(answer.cors, 'no CORS grant')
  }
})
