import type { Config } from '../config.js'
import { createSealer, type Sealer } from './seal.js'
import type { KeyPolicy } from './store.js'

export { KEY_PUBLISH_LEAD_MS, keyStore, maintainSigningKeys, rotateSigningKey, type KeyPolicy, type KeySnapshot, type KeyStore, type PublicJwk } from './store.js'
export { SealError, type Sealer } from './seal.js'

export function sealerFrom(config: Pick<Config, 'SIGNING_KEY_SECRET' | 'SIGNING_KEY_SECRET_PREVIOUS'>): Sealer {
  return createSealer(Buffer.from(config.SIGNING_KEY_SECRET), config.SIGNING_KEY_SECRET_PREVIOUS ? Buffer.from(config.SIGNING_KEY_SECRET_PREVIOUS) : undefined)
}

export function keyPolicyFrom(config: Pick<Config, 'SIGNING_KEY_ROTATE_DAYS' | 'ACCESS_TOKEN_TTL_SECONDS'>): KeyPolicy {
  return { rotateAfterMs: config.SIGNING_KEY_ROTATE_DAYS * 86_400_000, tokenTtlMs: config.ACCESS_TOKEN_TTL_SECONDS * 1000 }
}
