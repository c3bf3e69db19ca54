import { createSealer as createKitSealer, type Sealer } from '@hearing/service-kit'

export { SealError, type Sealer } from '@hearing/service-kit'

/**
 * Private signing keys are kept in PostgreSQL sealed (the kit's seal.ts) under SIGNING_KEY_SECRET:
 * a database backup alone cannot mint tokens. The key id is what each one is bound to.
 */
export function createSealer(secret: Buffer, previous?: Buffer): Sealer {
  return createKitSealer({ secret, previous, salt: 'identity', info: 'signing-key-wrap v1', secretName: 'SIGNING_KEY_SECRET', what: 'signing key' })
}
