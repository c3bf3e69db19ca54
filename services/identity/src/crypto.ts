import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'

/** An opaque secret (256 random bits, URL-safe): refresh tokens, e-mailed links, device cookies. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** What is stored of a secret (hex SHA-256), so a copy of the database hands out no usable token. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** Equal bytes, compared in constant time (a mismatch takes as long wherever it is). */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b)
}

/** 24 random characters from an alphabet without look-alikes (about 137 bits): a password shown once. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
  const bytes = randomBytes(48)
  let out = ''
  for (const b of bytes) {
    if (b >= 228) continue // 228 = 4 * 57: keeps the choice uniform
    out += alphabet[b % alphabet.length]
    if (out.length === 24) break
  }
  return out.length === 24 ? out : generatePassword()
}

// AES-256-GCM under a key derived from a secret: only whoever holds the secret can open what was sealed.
function keyFrom(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32))
}

/** Seals `plaintext` with a key derived from `secret` for `purpose` (`<iv>.<ciphertext>.<tag>`, base64url). */
export function sealWith(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret, purpose), iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')
}

/** What sealWith sealed, or undefined when this secret does not open it (or it was altered). */
export function openWith(secret: string, purpose: string, sealed: string): string | undefined {
  try {
    const [iv, body, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret, purpose), iv!)
    decipher.setAuthTag(tag!)
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}
