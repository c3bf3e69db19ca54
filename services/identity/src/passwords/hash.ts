import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto'
import { sameBytes } from '../crypto.js'

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

/**
 * Each hash takes 128 MiB outside the JS heap: at most this many run at once, so a burst of
 * sign-ins cannot exhaust the pod's memory. Behind them at most MAX_WAITING wait (about 4 s of
 * work at ~0.25 s a hash, two at a time); past that a request is refused at once with 503 and Retry-After rather
 * than queued behind a flood (24 concurrent sign-ups once made an unrelated request wait 8.7 s).
 */
const MAX_CONCURRENT = 2
export const MAX_WAITING = 32
export const HASHER_RETRY_AFTER_SECONDS = 2
let running = 0
const waiting: Array<() => void> = []

/** The hasher is saturated: a 503 with Retry-After (the kit's error handler sends both). */
export class HasherBusyError extends Error {
  readonly statusCode = 503
  readonly retryAfterSeconds = HASHER_RETRY_AFTER_SECONDS
  constructor() {
    super('password hasher saturated')
    this.name = 'HasherBusyError'
  }
}

/** Hashes running and waiting now (tests, benches). */
export function hasherLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length }
}

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) {
    if (waiting.length >= MAX_WAITING) throw new HasherBusyError()
    await new Promise<void>((resolve) => waiting.push(resolve))
  }
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

function derive(password: string, salt: Buffer, { ln, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** ln
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 }
  return limited(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)))
      }),
  )
}

export async function hashPassword(password: string, params: ScryptParams = currentParams): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, params)
  return `$scrypt$v=${VERSION}$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
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

/** Constant-time comparison of the derived key; false for a malformed hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded)
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed.params)
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
  dummy ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(password, await dummy)
  return false
}
