import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto'
import { sameBytes } from '../crypto.js'
import { withHashSlot, type HashLane } from './capacity.js'

/**
 * Password hashing with scrypt at OWASP's parameters (N=2^17, r=8, p=1: 128 MiB and ~0.25 s per
 * hash). Encoded as `$scrypt$v=1$ln=17,r=8,p=1$<salt>$<hash>` (base64url), so parameters can be
 * raised later and old hashes still verify (needsRehash tells when to upgrade one).
 */
export interface ScryptParams {
  /** log2 of N. */
  ln: number
  r: number
  p: number
}

export const OWASP_PARAMS: ScryptParams = { ln: 17, r: 8, p: 1 }
let currentParams = OWASP_PARAMS

/**
 * For test suites only: hash new passwords with cheaper parameters (the suites hash hundreds of
 * passwords on a shared CI machine). Production never calls it; the encoded format records the
 * parameters, so verification is unaffected either way.
 */
export function setHashParamsForTests(params: ScryptParams): void {
  currentParams = params
}
const KEY_LENGTH = 32
const SALT_LENGTH = 16
const VERSION = 1

export { HasherBusyError, hasherLoad, HASHER_RETRY_AFTER_SECONDS } from './capacity.js'

function derive(lane: HashLane, password: string, salt: Buffer, { ln, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** ln
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 }
  return withHashSlot(
    lane,
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)))
      }),
  )
}

async function encodedHash(lane: HashLane, password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(lane, password, salt, params)
  return `$scrypt$v=${VERSION}$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

/** A new password's hash (the `new` lane: it never takes every slot). Throws HasherBusyError when saturated. */
export function hashPassword(password: string, params: ScryptParams = currentParams): Promise<string> {
  return encodedHash('new', password, params)
}

const ENCODED = /^\$scrypt\$v=1\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{16,})$/

function parse(encoded: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const m = ENCODED.exec(encoded)
  if (!m) return null
  const params = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) }
  // Bounds keep a tampered row from turning verification into a denial of service.
  if (params.ln < 10 || params.ln > 20 || params.r < 1 || params.r > 16 || params.p < 1 || params.p > 4) return null
  return { params, salt: Buffer.from(m[4]!, 'base64url'), key: Buffer.from(m[5]!, 'base64url') }
}

/** Constant-time comparison of the derived key; false for a malformed hash. The `verify` lane, served first. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded)
  if (!parsed) return false
  const key = await derive('verify', password, parsed.salt, parsed.params)
  return sameBytes(key, parsed.key)
}

export function needsRehash(encoded: string, params: ScryptParams = currentParams): boolean {
  const parsed = parse(encoded)
  return !parsed || parsed.params.ln < params.ln || parsed.params.r !== params.r || parsed.params.p !== params.p
}

let dummy: Promise<string> | undefined
/**
 * Checks a password against a throwaway hash, so that an unknown e-mail address (or an account
 * without a password) takes as long to refuse as a wrong password.
 */
export async function burnVerification(password: string): Promise<false> {
  // Made in the verify lane, like the check it stands in for; made again if the hasher was busy.
  dummy ??= encodedHash('verify', randomBytes(16).toString('hex'), currentParams).catch((err: unknown) => {
    dummy = undefined
    throw err
  })
  await verifyPassword(password, await dummy)
  return false
}
