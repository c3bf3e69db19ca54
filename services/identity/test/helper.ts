import { decodeJwt } from 'jose'
import { serviceTestKit, TEST_SIGNING_KEY_SECRET } from '@hearing/infra/testing'
import type { Kysely } from 'kysely'
import { buildApp, schemaPlan } from '../src/app.js'
import { configSchema, type Config } from '../src/config.js'
import type { Database, OutboxEmail } from '../src/database.js'
import { setHashParamsForTests } from '../src/passwords/hash.js'

// Cheap hashing for the suites; test/passwords.test.ts checks the real (OWASP) parameters.
export const TEST_HASH_PARAMS = { ln: 12, r: 8, p: 1 }
setHashParamsForTests(TEST_HASH_PARAMS)

export const kit = serviceTestKit({ configSchema, buildApp, schemaPlan, ownKeys: true, env: { SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET } })
export const { testConfig, migrate } = kit

interface Teardown {
  teardown(fn: () => unknown): void
}

/** A migrated app on a database of its own (closed after the test), with typed table access. */
export async function build(t: Teardown, overrides: Record<string, string> = {}) {
  const config: Config = await testConfig(t, overrides)
  const built = await kit.build(t, config)
  return { ...built, db: built.app.db }
}

export type Built = Awaited<ReturnType<typeof build>>

/** Node options for a child process running TypeScript sources: tap's loader, without its coverage hooks. */
export const TS_EXEC_ARGV = process.execArgv.filter((arg) => !/@tapjs\/(processinfo|mock)/.test(arg))
/** ... and its environment: transpile only, as tap does (type-checking is tsc's job). */
export const TS_ENV = { PATH: process.env.PATH, TS_NODE_TRANSPILE_ONLY: '1' }
export type App = Built['app']
export type Db = Kysely<Database>

/** The site's origin under the test configuration's default PUBLIC_URL. */
export const ORIGIN = 'http://localhost:8080'
export const STRONG_PASSWORD = 'correct horse battery staple'
export const LOCATION_UID = '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a01'

let counter = 0
export function uniqueEmail(prefix = 'patient'): string {
  return `${prefix}.${Date.now().toString(36)}.${++counter}@example.com`
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail(),
    phone: '(770) 555-0142',
    password: STRONG_PASSWORD,
    preferred_location_uid: LOCATION_UID,
    ...overrides,
  }
}

export function post(app: App, url: string, payload?: unknown, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object | undefined, headers: { origin: ORIGIN, ...headers }, cookies })
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` }
}

/** The newest e-mail of a kind sent to an address, as stored in the outbox. */
export async function lastEmail(db: Db, kind: string, to: string): Promise<OutboxEmail | undefined> {
  const rows = await db.selectFrom('outbox').select('payload').where('key', 'like', `email:${kind}:%`).orderBy('created_at', 'desc').execute()
  return rows.map((r) => r.payload).find((p) => p.to === to)
}

/** The token of the link in an e-mail's text. */
export function linkToken(email: OutboxEmail | undefined): string {
  const m = email?.text.match(/https?:\/\/\S+[?&]token=([A-Za-z0-9_%-]+)/)
  if (!m) throw new Error('no link with a token in the e-mail')
  return decodeURIComponent(m[1]!)
}

/** Name=value of a Set-Cookie header, with its attributes. */
export function setCookie(res: { headers: Record<string, unknown> }, name: string): { value: string; attributes: string[] } | undefined {
  const header = res.headers['set-cookie']
  const all = Array.isArray(header) ? (header as string[]) : header ? [String(header)] : []
  const line = all.find((c) => c.startsWith(`${name}=`))
  if (!line) return undefined
  const [pair, ...attributes] = line.split(';').map((s) => s.trim())
  return { value: decodeURIComponent(pair!.slice(name.length + 1)), attributes }
}

export const REFRESH = 'hc_refresh'
export const SIGN_UP = 'hc_signup'

/** The cookies of the browser that signed up, for its confirmation link (which signs in only that browser). */
export function signUpBrowser(signUp: { headers: Record<string, unknown> }): Record<string, string> {
  const cookie = setCookie(signUp, SIGN_UP)
  if (!cookie) throw new Error('sign-up set no browser cookie')
  return { [SIGN_UP]: cookie.value }
}

export interface SignedIn {
  email: string
  password: string
  userId: string
  accessToken: string
  refresh: string
}

/** Signs up, follows the confirmation link in the same browser (which signs in) and returns the session. */
export async function confirmedUser(app: App, db: Db, overrides: Record<string, unknown> = {}): Promise<SignedIn> {
  const body = signUpBody(overrides)
  const res = await post(app, '/sign-up', body)
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  const token = linkToken(await lastEmail(db, 'confirm', body.email.toLowerCase()))
  const confirmed = await app.inject({ method: 'GET', url: `/confirm-email?token=${encodeURIComponent(token)}`, cookies: signUpBrowser(res) })
  const refresh = setCookie(confirmed, REFRESH)?.value
  if (confirmed.statusCode !== 302 || !refresh) throw new Error(`confirmation failed: ${confirmed.statusCode}`)
  const signedIn = await post(app, '/sign-in', { email: body.email, password: body.password })
  const json = signedIn.json() as { access_token: string; user: { id: string } }
  return { email: body.email.toLowerCase(), password: body.password as string, userId: json.user.id, accessToken: json.access_token, refresh }
}

/** The session an access token belongs to. */
export function sessionIdOf(accessToken: string): string {
  return decodeJwt(accessToken).sid as string
}

/** Sets a user's role directly in the database (admin bootstrap aside, roles change through admins). */
export async function makeRole(app: App, db: Db, user: SignedIn, role: 'customer' | 'staff' | 'admin'): Promise<string> {
  await db.updateTable('users').set({ role }).where('id', '=', user.userId).execute()
  return app.tokens.signAccessToken({ sub: user.userId, role, email: user.email, sid: sessionIdOf(user.accessToken) })
}
