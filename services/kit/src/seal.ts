import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Secrets a service must keep in PostgreSQL (identity's private signing keys, a provider's OAuth
 * tokens) are sealed with AES-256-GCM under a key derived (HKDF-SHA-256) from a secret that lives
 * outside the database (a Kubernetes Secret, or a file in DATA_DIR for `npm start`): a copy of the
 * database alone opens nothing. Each value's label (a key id, "podium:access") is the additional
 * authenticated data, so a sealed value cannot be moved to another row or column unnoticed.
 *
 * Sealed form: `v1.<wrap key id>.<iv>.<ciphertext+tag>` (base64url parts).
 */
export interface Sealer {
  /** Fingerprint of the current wrapping key (not secret): which rows still need re-sealing. */
  readonly wrapKeyId: string
  seal(label: string, plaintext: string): string
  /** Opens with the current key or, while the secret is being changed, the previous one. */
  open(label: string, sealed: string): string
}

export class SealError extends Error {
  override name = 'SealError'
}

export interface SealerOptions {
  secret: string | Buffer
  /** The secret being replaced: what it sealed still opens (and is re-sealed by its owner). */
  previous?: string | Buffer
  /** HKDF salt and info: a key derived for one purpose opens nothing sealed for another. */
  salt: string
  info: string
  /** The variable holding the secret, named in errors: `<NAME>` and `<NAME>_PREVIOUS`. */
  secretName: string
  /** What is sealed, in errors ("signing key"). */
  what: string
}

interface WrapKey {
  id: string
  key: Buffer
}

function wrapKey(secret: string | Buffer, salt: string, info: string): WrapKey {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret), salt, info, 32))
  const id = createHash('sha256').update('wrap-key-id').update(key).digest('base64url').slice(0, 12)
  return { id, key }
}

export function createSealer({ secret, previous, salt, info, secretName, what }: SealerOptions): Sealer {
  const current = wrapKey(secret, salt, info)
  const keys = new Map([[current.id, current]])
  if (previous) {
    const old = wrapKey(previous, salt, info)
    keys.set(old.id, old)
  }
  return {
    wrapKeyId: current.id,
    seal(label, plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', current.key, iv)
      cipher.setAAD(Buffer.from(label))
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
      return ['v1', current.id, iv.toString('base64url'), body.toString('base64url')].join('.')
    },
    open(label, sealed) {
      const [version, id, iv, body] = sealed.split('.')
      if (version !== 'v1' || !id || !iv || !body) throw new SealError(`${what} ${label}: not a sealed value`)
      const wrap = keys.get(id)
      if (!wrap) {
        throw new SealError(`${what} ${label} was sealed with another ${secretName} (key id ${id}); set that secret as ${secretName} or ${secretName}_PREVIOUS`)
      }
      const data = Buffer.from(body, 'base64url')
      if (data.length < 17) throw new SealError(`${what} ${label}: sealed data is truncated`)
      const decipher = createDecipheriv('aes-256-gcm', wrap.key, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(label))
      decipher.setAuthTag(data.subarray(data.length - 16))
      try {
        return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
      } catch {
        throw new SealError(`${what} ${label}: sealed data does not authenticate (tampered, or moved from another row)`)
      }
    },
  }
}
