import t from 'tap'
import { build } from './helper.js'

function directives(csp: unknown): Map<string, string[]> {
  t.type(csp, 'string')
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

t.test('strict security headers on pages, assets, API answers and errors', async (t) => {
  const { app } = await build(t)
  for (const url of ['/', '/no-such-page', '/assets/app-abc123.js', '/api/messaging/locations', '/api/nope', '/api/messaging/internal/x']) {
    const res = await app.inject({ method: 'GET', url })
    const csp = directives(res.headers['content-security-policy'])
    t.same(csp.get('script-src'), ["'self'"], `${url}: scripts only from the site, no 'unsafe-inline'`)
    t.same(csp.get('default-src'), ["'self'"])
    t.same(csp.get('frame-ancestors'), ["'none'"])
    t.same(csp.get('object-src'), ["'none'"])
    t.same(csp.get('style-src'), ["'self'", "'unsafe-inline'"])
    t.notOk(csp.has('upgrade-insecure-requests'), 'not on a plain-http site')
    t.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains')
    t.equal(res.headers['x-content-type-options'], 'nosniff')
    t.equal(res.headers['x-frame-options'], 'DENY')
    t.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin')
  }
})

t.test('an https PUBLIC_URL upgrades insecure requests', async (t) => {
  const { app } = await build(t, { env: { PUBLIC_URL: 'https://hearing.example.org' } })
  const res = await app.inject({ method: 'GET', url: '/' })
  t.ok(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests'))
})

t.test('our PDFs may be framed by our own pages only; nothing else may be framed at all', async (t) => {
  const { app } = await build(t)
  const pdf = await app.inject({ method: 'GET', url: '/files/card.pdf' })
  t.equal(pdf.statusCode, 200)
  t.equal(pdf.headers['x-frame-options'], 'SAMEORIGIN')
  t.same(directives(pdf.headers['content-security-policy']).get('frame-ancestors'), ["'self'"])
  const page = await app.inject({ method: 'GET', url: '/files/card.pdf.html' })
  t.same(directives(page.headers['content-security-policy']).get('frame-ancestors'), ["'none'"])
})

t.test('a Permissions-Policy on every response turns off the powerful features the site never uses', async (t) => {
  const { app } = await build(t)
  const urls = ['/', '/no-such-page', '/assets/app-abc123.js', '/api/messaging/locations', '/api/nope', '/healthz', '/robots.txt']
  const missing: string[] = []
  for (const url of urls) {
    const policy = (await app.inject({ method: 'GET', url })).headers['permissions-policy']
    if (typeof policy !== 'string') {
      missing.push(url)
      continue
    }
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'browsing-topics=()']) t.ok(policy.includes(feature), `${url}: ${feature}`)
  }
  t.comment(`responses without Permissions-Policy: ${missing.length} of ${urls.length}`)
  t.same(missing, [])
})
