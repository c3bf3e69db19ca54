import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Supervisor } from './supervisor.js'

/**
 * The launcher's own health, on 127.0.0.1 only: GET /healthz answers each child's address, state, pid,
 * restarts and last exit (200 when all run, 503 while one is down or crashing).
 */
export async function startHealthServer(supervisor: Supervisor, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  let bound = port
  const server: Server = createServer((req, res) => {
    // Only a client on this machine asking for this machine: a page elsewhere whose name was
    // re-pointed at 127.0.0.1 (DNS rebinding) sends its own Host and is refused.
    if (!isLocalHost(req.headers.host, bound)) {
      res.writeHead(421, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 421, error: 'Misdirected Request', message: 'Ask 127.0.0.1 or localhost for this.' }))
      return
    }
    if (req.method !== 'GET' || req.url?.split('?', 1)[0] !== '/healthz') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Only GET /healthz is here.' }))
      return
    }
    const health = supervisor.health()
    res.writeHead(health.status === 'ok' ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(health))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  bound = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${bound}/healthz`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Host names a request to a 127.0.0.1-only server may carry: its own address and port, as typed locally. */
export function isLocalHost(host: string | undefined, port: number): boolean {
  return host !== undefined && [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host.toLowerCase())
}
