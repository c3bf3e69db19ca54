import t from 'tap'
import { hashPassword, needsRehash, OWASP_PARAMS, verifyPassword } from '../src/passwords/hash.js'
import { isCommonPassword, passwordProblem } from '../src/passwords/policy.js'
import { loadCommonPasswords } from '../src/passwords/common-passwords.js'

t.test('scrypt at OWASP parameters, salted, verifiable, constant format', async (t) => {
  t.same(OWASP_PARAMS, { ln: 17, r: 8, p: 1 }, 'N=2^17, r=8, p=1')
  // One after the other: new passwords are hashed one at a time (passwords/capacity.ts).
  const a = await hashPassword('correct horse battery staple', OWASP_PARAMS)
  const b = await hashPassword('correct horse battery staple', OWASP_PARAMS)
  t.match(a, /^\$scrypt\$v=1\$ln=17,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
  t.not(a, b, 'a new salt each time')
  t.equal(await verifyPassword('correct horse battery staple', a), true)
  t.equal(await verifyPassword('correct horse battery stapl', a), false)
  const key = a.split('$').at(-1)!
  const tampered = `${a.slice(0, -key.length)}${key[0] === 'A' ? 'B' : 'A'}${key.slice(1)}`
  t.equal(await verifyPassword('correct horse battery staple', tampered), false, 'a tampered hash fails')
  t.equal(await verifyPassword('x', 'plain-text-password'), false, 'a malformed hash never verifies')
  t.equal(await verifyPassword('x', '$scrypt$v=1$ln=30,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), false, 'absurd parameters are refused, not run')
  t.equal(needsRehash(a, OWASP_PARAMS), false)
  t.equal(needsRehash('$scrypt$v=1$ln=14,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', OWASP_PARAMS), true, 'weaker hashes are upgraded')
})

t.test('Unicode passwords are normalised (NFKC), so the same password typed differently still matches', async (t) => {
  const composed = 'Grüße aus Gainesville'
  const decomposed = composed.normalize('NFD')
  t.not(composed, decomposed)
  const hash = await hashPassword(composed, { ln: 12, r: 8, p: 1 })
  t.equal(await verifyPassword(decomposed, hash), true)
  t.equal(await verifyPassword('Grusse aus Gainesville', hash), false)
})

t.test('policy: 8 to 1024 characters, common passwords refused whatever their case', async (t) => {
  t.equal(passwordProblem('1234567'), 'Password must be at least 8 characters long.')
  t.equal(passwordProblem('😀😀😀😀😀😀😀'), 'Password must be at least 8 characters long.', 'characters, not UTF-16 units: 7 emoji are 7 characters')
  t.equal(passwordProblem('😀😀😀😀😀😀😀😀'), null)
  t.equal(passwordProblem('a'.repeat(1024).replace(/^a/, 'b')), null, '1024 characters are fine')
  t.equal(passwordProblem('a'.repeat(1025)), 'Password must be at most 1024 characters long.')
  for (const p of ['password', 'PASSWORD', 'Passw0rd', 'baseball', 'trustno1', 'sunshine', '1qaz2wsx']) {
    t.equal(passwordProblem(p), 'This password is too common. Please choose another.', `${p} is common`)
  }
  t.equal(isCommonPassword('correct horse battery staple'), false)
  const list = loadCommonPasswords()
  t.equal(list.length, 10_000, 'the bundled list holds 10,000 passwords')
  t.ok(list.every((p) => [...p].length >= 8 && p === p.toLowerCase()), 'each of at least 8 characters, lower case')
})
