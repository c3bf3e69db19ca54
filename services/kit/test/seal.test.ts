import { randomBytes } from 'node:crypto'
import t from 'tap'
import { createSealer } from '../src/seal.js'

const options = { salt: 'svc', info: 'token-wrap v1', secretName: 'TOKEN_SECRET', what: 'token' }

t.test('sealed values: AES-256-GCM bound to their label, opened by the current or the previous secret only', async (t) => {
  const secret = randomBytes(32)
  const sealer = createSealer({ ...options, secret })
  const sealed = sealer.seal('podium:access', 'at-very-secret')
  t.notOk(sealed.includes('very-secret'), 'the plaintext does not show')
  t.not(sealer.seal('podium:access', 'at-very-secret'), sealed, 'a fresh IV each time')
  t.equal(sealer.open('podium:access', sealed), 'at-very-secret')
  t.throws(() => sealer.open('podium:refresh', sealed), { name: 'SealError', message: /does not authenticate/ }, 'moved to another column: refused')
  const [v, id, iv, body] = sealed.split('.')
  const flipped = Buffer.from(body!, 'base64url')
  flipped[0]! ^= 1
  t.throws(() => sealer.open('podium:access', [v, id, iv, flipped.toString('base64url')].join('.')), /does not authenticate/, 'tampered: refused')
  t.throws(() => sealer.open('podium:access', [v, id, iv, 'AAAA'].join('.')), /truncated/)
  t.throws(() => sealer.open('podium:access', 'at-in-clear'), /not a sealed value/)
  t.throws(() => createSealer({ ...options, secret: randomBytes(32) }).open('podium:access', sealed), /sealed with another TOKEN_SECRET .*TOKEN_SECRET_PREVIOUS/, 'another secret: says which variable to set')
  t.throws(() => createSealer({ ...options, info: 'other purpose', secret }).open('podium:access', sealed), /another TOKEN_SECRET/, 'a key derived for another purpose opens nothing')
  const next = createSealer({ ...options, secret: randomBytes(32), previous: secret })
  t.equal(next.open('podium:access', sealed), 'at-very-secret', 'the previous secret still opens it during a change')
  t.not(next.wrapKeyId, sealer.wrapKeyId, 'and new seals name the new key')
})
