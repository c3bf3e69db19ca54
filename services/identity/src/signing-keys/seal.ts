import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Private signing keys are kept in PostgreSQL sealed with AES-256-GCM under a key derived (HKDF-
 * SHA-256) from SIGNING_KEY_SECRET, which lives outside the database (a Kubernetes Secret, or a
 * file in DATA_DIR for `npm start`): a database backup alone cannot mint tokens. The key id is the
 * additional authenticated data, so a sealed key cannot be moved to another row unnoticed.
 *
 * Sealed form: `v1.<wrap key id>.<iv>.<ciphertext+tag>` (base64url parts).
 */
export interface Sealer {
  /** Fingerprint of the current wrapping key (not secret): which rows still need re-sealing. */
  readonly wrapKeyId: string
  seal(kid: string, plaintext: string): string
  /** Opens with the current key or, during a change of secret, the previous one. */
  open(kid: string, sealed: string): string
}

export class SealError extends Error {
  override name = 'SealError'
}

interface WrapKey {
  id: string
  key: Buffer
}

function wrapKey(secret: Buffer): WrapKey {
  const key = Buffer.from(hkdfSync('sha256', secret, 'identity', 'signing-key-wrap v1', 32))
  const id = createHash('sha256').update('wrap-key-id').update(key).digest('base64url').slice(0, 12)
  return { id, key }
}

export function createSealer(secret: Buffer, previous?: Buffer): Sealer {
  const current = wrapKey(secret)
  const keys = new Map([[current.id, current]])
  if (previous) {
    const old = wrapKey(previous)
    keys.set(old.id, old)
  }
  return {
    wrapKeyId: current.id,
    seal(kid, plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', current.key, iv)
      cipher.setAAD(Buffer.from(kid))
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
      return ['v1', current.id, iv.toString('base64url'), body.toString('base64url')].join('.')
    },
    open(kid, sealed) {
      const [version, id, iv, body] = sealed.split('.')
      if (version !== 'v1' || !id || !iv || !body) throw new SealError(`signing key ${kid}: not a sealed key`)
      const wrap = keys.get(id)
      if (!wrap) {
        throw new SealError(
          `signing key ${kid} was sealed with another SIGNING_KEY_SECRET (key id ${id}); set that secret as SIGNING_KEY_SECRET or SIGNING_KEY_SECRET_PREVIOUS`,
        )
      }
      const data = Buffer.from(body, 'base64url')
      if (data.length < 17) throw new SealError(`signing key ${kid}: sealed data is truncated`)
      const decipher = createDecipheriv('aes-256-gcm', wrap.key, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(kid))
      decipher.setAuthTag(data.subarray(data.length - 16))
      try {
        return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
      } catch {
        throw new SealError(`signing key ${kid}: sealed data does not authenticate (tampered, or moved from another row)`)
      }
    },
  }
}
