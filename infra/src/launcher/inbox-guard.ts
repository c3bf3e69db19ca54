import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { isLocalHost } from './health-server.js'

/**
 * The local mail inbox as a person on this machine reaches it. MailDev's own web server grants CORS
 * to any origin (with credentials) and answers any Host, so a web page elsewhere, or one whose name
 * was re-pointed at 127.0.0.1, could read the inbox's reset links. In front of it: only requests
 * addressed to 127.0.0.1/localhost on this port, no request sent by another origin, and no CORS
 * header in any answer. MailDev's basic auth (the password in the banner) still applies behind it.
 */
export async function startInboxGuard(port: number, inboxPort: number): Promise<{ url: string; close: () => Promise<void> }> {
  let bound = port
  const ownOrigins = () => [`http://127.0.0.1:${bound}`, `http://localhost:${bound}`]
  const refusal = (headers: IncomingHttpHeaders): { status: number; message: string } | null => {
    if (!isLocalHost(headers.host, bound)) return { status: 421, message: 'Open the inbox at the address the launcher printed.' }
    const origin = headers.origin
    if (origin !== undefined && !ownOrigins().includes(origin)) return { status: 403, message: 'The inbox answers only its own pages.' }
    if (headers['sec-fetch-site'] === 'cross-site') return { status: 403, message: 'The inbox answers only its own pages.' }
    return null
  }

  const server: Server = createServer((req, res) => {
    const refused = refusal(req.headers)
    if (refused) {
      res.writeHead(refused.status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${refused.message}\n`)
      return
    }
    const upstream = request({ host: '127.0.0.1', port: inboxPort, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${inboxPort}` } }, (answer) => {
      const headers = { ...answer.headers }
      for (const name of Object.keys(headers)) if (name.startsWith('access-control-')) delete headers[name]
      res.writeHead(answer.statusCode ?? 502, headers)
      answer.pipe(res)
    })
    upstream.on('error', () => {
      if (res.headersSent) res.destroy()
      else res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('The mail inbox is starting. Please try again in a moment.\n')
    })
    req.pipe(upstream)
  })

  // The inbox's live updates (a WebSocket): the same checks, then the bytes passed both ways.
  server.on('upgrade', (req, socket, head) => {
    if (refusal(req.headers)) return socket.destroy()
    const upstream = connect(inboxPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`]
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (head.length) upstream.write(head)
      upstream.pipe(socket).pipe(upstream)
    })
    upstream.on('error', () => socket.destroy())
    socket.on('error', () => upstream.destroy())
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  bound = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${bound}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
