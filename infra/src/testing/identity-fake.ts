import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Identity's session check as the other services' tests meet it: a real HTTP server answering
 * POST /internal/sessions/check. A session stands, with the role its token claims, until a test
 * ends it (`endSessions`) or changes the account's role (`setRole`).
 */
export interface IdentityFake {
  /** What services use as IDENTITY_JWKS_URL; the session check is asked at its origin. */
  jwksUrl: string
  endSessions(userId: string): void
  setRole(userId: string, role: 'customer' | 'staff' | 'admin'): void
  /** Requests received. */
  checks: number
  /** What GET /internal/messaging-contacts pages through, in id order (email_verified: true when absent). */
  contacts: Array<{ id: string; email: string; first_name: string | null; last_name: string | null; phone: string | null; preferred_location_uid: string | null; email_verified?: boolean }>
  /** The next listing requests answer 503 (identity away). */
  failListings: number
  /** What GET /internal/staff answers: the staff and admins. */
  staff: Array<{ id: string; name: string; role: 'staff' | 'admin' }>
}

let started: Promise<IdentityFake> | undefined

export function identityFake(): Promise<IdentityFake> {
  return (started ??= new Promise((resolve, reject) => {
    const ended = new Set<string>()
    const roles = new Map<string, string>()
    const fake: IdentityFake = {
      jwksUrl: '',
      endSessions: (id) => ended.add(id),
      setRole: (id, role) => roles.set(id, role),
      checks: 0,
      contacts: [],
      failListings: 0,
      staff: [],
    }
    const server: Server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk))
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake')
        if (req.method === 'GET' && url.pathname === '/internal/messaging-contacts') {
          if (fake.failListings > 0) {
            fake.failListings--
            res.writeHead(503).end()
            return
          }
          const after = url.searchParams.get('after')
          const limit = Number(url.searchParams.get('limit') ?? 200)
          const sorted = [...fake.contacts].sort((a, b) => a.id.localeCompare(b.id))
          const users = sorted.filter((u) => !after || u.id > after).slice(0, limit)
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ users, next: users.length === limit ? users[users.length - 1]!.id : null }))
          return
        }
        if (req.method === 'GET' && url.pathname === '/internal/staff') {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ staff: fake.staff }))
          return
        }
        if (req.method !== 'POST' || req.url !== '/internal/sessions/check') {
          res.writeHead(404).end()
          return
        }
        fake.checks++
        const { sub, role } = JSON.parse(body) as { sub: string; role: string }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(ended.has(sub) ? { active: false } : { active: true, role: roles.get(sub) ?? role }))
      })
    })
    // Neither the server nor its keep-alive connections keep a finished test file's process running.
    server.unref()
    server.on('connection', (socket) => socket.unref())
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      fake.jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`
      resolve(fake)
    })
  }))
}
