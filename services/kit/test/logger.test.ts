import { Writable } from 'node:stream'
import Fastify from 'fastify'
import t from 'tap'
import { loggerOptions, sanitizeUrl } from '../src/logger.js'

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(chunk.toString())
      cb()
    },
  })
  return { lines, stream }
}

t.test('secrets and personal data never reach the log', async (t) => {
  const { lines, stream } = capture()
  const app = Fastify({ logger: { ...(loggerOptions('info', 'test') as object), stream } })
  app.post('/sign-in', async (req) => {
    req.log.info({ body: req.body }, 'attempt')
    req.log.info({ user: { email: 'pat@example.com', phone: '555-0100', password: 'hunter22' } }, 'nested')
    return { ok: true }
  })
  await app.inject({
    method: 'POST',
    url: '/sign-in?token=abc123secret&page=2',
    headers: { authorization: 'Bearer eyJsecret', cookie: 'refresh=r3fr3sh' },
    payload: { email: 'pat@example.com', password: 'hunter22', token: 'tok-value' },
  })
  await app.close()
  const log = lines.join('')
  for (const secret of ['pat@example.com', 'hunter22', 'tok-value', 'eyJsecret', 'r3fr3sh', 'abc123secret', '555-0100']) {
    t.notOk(log.includes(secret), `${secret} is not logged`)
  }
  t.match(log, /page=2/, 'harmless query parameters stay readable')
  t.match(log, /\[redacted\]/)
})

t.test('sanitizeUrl only touches sensitive parameters', async (t) => {
  t.equal(sanitizeUrl('/setup-account?token=zzz'), '/setup-account?token=redacted')
  t.equal(sanitizeUrl('/products?page=2'), '/products?page=2')
  t.equal(sanitizeUrl('/plain'), '/plain')
})
