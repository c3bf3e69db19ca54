import { request } from 'node:http'
import t from 'tap'
import { startHealthServer } from '../src/launcher/health-server.js'
import type { Supervisor } from '../src/launcher/supervisor.js'

/** A GET with the Host header given (fetch would not let a test set it). */
function get(url: string, host: string): Promise<{ status: number; body: string; cors: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cors: res.headers['access-control-allow-origin'] }))
    })
    req.on('error', reject)
    req.end()
  })
}

t.test("the launcher's /healthz answers only requests addressed to this machine (no DNS rebinding)", async (t) => {
  const supervisor = { health: () => ({ status: 'ok', children: [{ name: 'gateway', state: 'running', pid: 4242 }] }) } as unknown as Supervisor
  const health = await startHealthServer(supervisor, 0)
  t.teardown(() => health.close())
  const port = new URL(health.url).port
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
    const answer = await get(health.url, host)
    t.equal(answer.status, 200, `Host ${host}`)
    t.match(JSON.parse(answer.body), { status: 'ok', children: [{ name: 'gateway', pid: 4242 }] })
  }
  for (const host of [`rebind.evil.example:${port}`, 'rebind.evil.example', `127.0.0.1:${Number(port) + 1}`]) {
    const answer = await get(health.url, host)
    t.equal(answer.status, 421, `Host ${host} is refused`)
    t.notMatch(answer.body, /gateway|4242/, 'and learns nothing of the processes')
    t.notOk(answer.cors, 'no CORS grant')
  }
})
