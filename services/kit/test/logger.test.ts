import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import type pino from 'pino'
import t from 'tap'
import { AnsweredRequestLog, bufferedStdout, loggerOptions, RequestLogger, sanitizeUrl } from '../src/logger.js'

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

t.test("the gateway's request log: one line per answered request, with what an operator needs and no secrets", async (t) => {
  const { lines, stream } = capture()
  const app = Fastify({ logger: { ...(loggerOptions('info', 'test') as object), stream }, logController: new AnsweredRequestLog(AnsweredRequestLog.accessLogger('info', 'test', stream)) })
  app.get('/ok', async () => ({ ok: true }))
  app.get('/broken', async () => {
    throw new Error('boom')
  })
  await app.inject({ url: '/ok?token=abc123secret&page=2', headers: { cookie: 'session=s3cr3t' } })
  await app.inject('/broken')
  await app.close()
  const entries = lines.map((l) => JSON.parse(l) as { msg: string; req?: { method: string; url: string; id: string }; res?: { statusCode: number }; responseTime?: number; reqId?: string })
  t.notOk(entries.some((e) => e.msg === 'incoming request'), 'no "incoming request" lines')
  const requests = entries.filter((e) => e.msg === 'request completed')
  t.equal(requests.length, 2, 'one line per request')
  t.match(requests[0], { req: { method: 'GET', url: '/ok?token=redacted&page=2' }, res: { statusCode: 200 }, responseTime: Number })
  t.equal(requests[0]!.req!.id, requests[0]!.reqId)
  t.match(JSON.parse(lines.find((l) => l.includes('request completed'))!), { level: 30, name: 'test', pid: Number, time: Number }, 'the usual fields of every line')
  t.match(requests[1], { req: { url: '/broken' }, res: { statusCode: 500 } })
  t.ok(entries.some((e) => e.msg === 'boom' && e.reqId === requests[1]!.reqId), 'the error has its line too')
  t.notOk(lines.join('').includes('abc123secret') || lines.join('').includes('s3cr3t'), 'no secrets')
})

t.test('a request’s logger is made when it first logs: its lines carry the request id, its route’s level and the redaction', async (t) => {
  const { lines, stream } = capture()
  let children = 0
  /** Counts the request loggers actually made. */
  class Counted extends RequestLogger {
    #made = false
    override logger() {
      if (!this.#made) children++
      this.#made = true
      return super.logger()
    }
  }
  const app = Fastify({
    logger: { ...(loggerOptions('info', 'test') as object), stream },
    childLoggerFactory: (logger, bindings, options) => new Counted(logger as never, bindings, options),
    disableRequestLogging: true, // Fastify's own request lines would use the request's logger
  })
  app.get('/quiet', async () => ({ ok: true }))
  app.post('/talks', async (req) => {
    req.log.debug('below the level: not written')
    req.log.info({ body: req.body }, 'attempt')
    req.log.child({ step: 'two' }).warn('second step')
    return { ok: true }
  })
  app.get('/probe', { logLevel: 'warn' }, async (req) => {
    req.log.info('below this route’s level')
    req.log.warn('probe warning')
    return { ok: true }
  })
  await app.inject('/quiet')
  t.equal(children, 0, 'a request that logs nothing makes no child logger')
  const res = await app.inject({ method: 'POST', url: '/talks', payload: { email: 'pat@example.com' } })
  await app.inject('/probe')
  await app.close()
  const entries = lines.map((l) => JSON.parse(l) as { msg?: string; reqId?: string; step?: string; level: number })
  const attempt = entries.find((e) => e.msg === 'attempt')
  t.ok(attempt?.reqId, 'the request id is bound')
  t.match(entries.find((e) => e.msg === 'second step'), { reqId: attempt?.reqId, step: 'two', level: 40 }, 'a child of the request logger keeps its bindings')
  t.notOk(entries.some((e) => e.msg === 'below the level: not written' || e.msg === 'below this route’s level'), 'levels hold')
  t.ok(entries.some((e) => e.msg === 'probe warning'))
  t.notOk(lines.join('').includes('pat@example.com'), 'redaction holds')
  t.equal(res.statusCode, 200)
  t.equal(children, 2, 'one for each request that logged')
})

t.test('bufferedStdout gathers lines and writes them all, in order: at its threshold, on its timer and when flushed', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'buffered-log-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = path.join(dir, 'out.log')
  const stream = bufferedStdout(openSync(file, 'a')) as pino.DestinationStream & { flushSync(): void; end(): void }
  t.teardown(() => stream.end())
  const written = () => readFileSync(file, 'utf8')
  const until = async (what: string) => {
    for (let i = 0; i < 200 && written() !== what; i++) await new Promise((r) => setTimeout(r, 25))
    return written()
  }

  stream.write('{"n":0}\n')
  t.equal(written(), '', 'a single line waits for more')
  t.equal(await until('{"n":0}\n'), '{"n":0}\n', 'the timer writes a waiting line')

  const lines = Array.from({ length: 500 }, (_, i) => `{"n":${i + 1},"pad":"${'x'.repeat(100)}"}\n`)
  for (const line of lines) stream.write(line)
  const all = `{"n":0}\n${lines.join('')}`
  t.equal(await until(all), all, 'every line, in order, once')

  const last = Array.from({ length: 40 }, (_, i) => `{"last":${i},"pad":"${'y'.repeat(100)}"}\n`)
  for (const line of last) stream.write(line)
  stream.flushSync()
  // What waited is written there and then; a write already under way when pino flushes at exit
  // finishes on its own, so the whole set of lines (not their order) is what the file ends with.
  t.ok(written().includes(last.at(-1)!), 'flushSync (pino calls it at exit) writes what waited, at once')
  const sortedLines = (text: string) => text.split('\n').filter(Boolean).sort()
  for (let i = 0; i < 200 && sortedLines(written()).length < sortedLines(all + last.join('')).length; i++) await new Promise((r) => setTimeout(r, 25))
  t.same(sortedLines(written()), sortedLines(all + last.join('')), 'and no line is lost or written twice')
})
