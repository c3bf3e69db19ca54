/**
 * The outside world of the browser journeys, started by Playwright before the stack
 * (playwright.config.ts, first webServer):
 * - an SMTP sink (smtp-server) that messaging-sync delivers the site's e-mails to (SMTP_URL);
 * - an OpenID provider standing in for Google (oauth2-mock-server; GOOGLE_ISSUER);
 * - a small HTTP control API for the tests:
 *     GET  /healthz                 ready
 *     GET  /messages?to=ADDRESS     e-mails received for ADDRESS (all without ?to), oldest first:
 *                                   [{ to, from, subject, text, html, envelopeTo, receivedAt }]
 *     POST /google/next-user        JSON { sub, email, given_name, family_name }: whom the next
 *                                   Google sign-ins are for (claims of the id_token and userinfo)
 *
 * Ports come from the environment: MOCK_SMTP_PORT, MOCK_OIDC_PORT, MOCK_CONTROL_PORT.
 */
import http from 'node:http'

import { OAuth2Server } from 'oauth2-mock-server'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

import { stopWhenParentGone } from '../../dist/parent-watch.js'


const port = (name) => {
  const value = Number(process.env[name])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a port number`)
  return value
}
const SMTP_PORT = port('MOCK_SMTP_PORT')
const OIDC_PORT = port('MOCK_OIDC_PORT')
const CONTROL_PORT = port('MOCK_CONTROL_PORT')

/**
 * What the tests read of an e-mail (mailbox.ts: ReceivedEmail).
 * @param {import('mailparser').ParsedMail} mail
 */
const readable = (mail) => ({
  to: [mail.to ?? []].flat().map((a) => a.text).join(', '),
  from: mail.from?.text ?? '',
  subject: mail.subject ?? '',
  text: mail.text ?? '',
  html: mail.html || '',
  attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content.toString('utf8') })),
})

/** @type {Array<ReturnType<typeof readable> & { envelopeTo: string[], receivedAt: string }>} */
const messages = []

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        messages.push({
          ...readable(mail),
          envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
        })
        callback()
      },
      (error) => callback(error),
    )
  },
})

let googleUser = { sub: 'google-user-1', email: 'google.user@example.com', given_name: 'Grace', family_name: 'Googler' }
const claims = () => ({
  ...googleUser,
  email_verified: true,
  name: `${googleUser.given_name} ${googleUser.family_name}`,
})

const oidc = new OAuth2Server()
// The issuer the stack is configured with (GOOGLE_ISSUER), exactly: id_tokens are checked against it.
oidc.issuer.url = `http://127.0.0.1:${OIDC_PORT}`
await oidc.issuer.keys.generate('RS256')
oidc.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, claims())
})
oidc.service.on('beforeUserinfo', (response) => {
  response.body = claims()
})

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://control.invalid')
  const json = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  if (req.method === 'GET' && url.pathname === '/healthz') return json(200, { ok: true, issuer: oidc.issuer.url })
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase()
    return json(200, to ? messages.filter((m) => m.envelopeTo.includes(to) || m.to.toLowerCase().includes(to)) : messages)
  }
  if (req.method === 'POST' && url.pathname === '/google/next-user') {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      try {
        googleUser = { ...googleUser, ...JSON.parse(body) }
        json(200, googleUser)
      } catch {
        json(400, { error: 'invalid JSON' })
      }
    })
    return
  }
  json(404, { error: 'not found' })
})

await new Promise((resolve, reject) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve).once('error', reject))
await oidc.start(OIDC_PORT, '127.0.0.1')
await new Promise((resolve, reject) => control.listen(CONTROL_PORT, '127.0.0.1', resolve).once('error', reject))
process.stdout.write(`mock services: smtp ${SMTP_PORT}, oidc ${oidc.issuer.url}, control ${CONTROL_PORT}\n`)

const stop = async () => {
  control.close()
  await oidc.stop().catch(() => {})
  smtp.close(() => process.exit(0))
  setTimeout(() => process.exit(0), 2000).unref()
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
// Playwright stops us; should it be killed before it does, we must not hold the ports for the next run.
stopWhenParentGone(() => void stop())
