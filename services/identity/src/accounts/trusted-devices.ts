import type { FastifyReply, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { Config } from '../config.js'
import { newSecret, sha256 } from '../crypto.js'
import type { Db } from '../database.js'

/**
 * A browser that has signed in to an account before. It gets an opaque cookie (stored hashed),
 * and sign-in from it is throttled on its own: someone guessing the account's password from
 * elsewhere cannot lock its owner out of their usual device. The cookie grants nothing else.
 */
export const DEVICE_COOKIE = 'hc_device'
export const DEVICE_TTL_DAYS = 180

function deviceCookieOf(req: FastifyRequest): string | undefined {
  const value = req.cookies?.[DEVICE_COOKIE]
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined
}

/** The device's key when this browser has signed in to the account with this e-mail before. */
export async function trustedDeviceFor(db: Db, req: FastifyRequest, email: string): Promise<string | undefined> {
  const token = deviceCookieOf(req)
  if (!token) return undefined
  const hash = sha256(token)
  const row = await db
    .selectFrom('trusted_devices')
    .innerJoin('users', 'users.id', 'trusted_devices.user_id')
    .select('trusted_devices.token_hash')
    .where('trusted_devices.token_hash', '=', hash)
    .where('users.email', '=', email)
    .where('trusted_devices.last_used_at', '>', sql<Date>`now() - make_interval(days => ${DEVICE_TTL_DAYS})`)
    .executeTakeFirst()
  return row?.token_hash
}

/** After a successful sign-in: the device is (still) trusted for this account. */
export async function trustDevice(db: Db, req: FastifyRequest, reply: FastifyReply, userId: string, config: Pick<Config, 'COOKIE_SECURE' | 'PUBLIC_API_PREFIX'>): Promise<void> {
  // A browser may be trusted for several accounts (a shared family computer): one cookie, one row each.
  const token = deviceCookieOf(req) ?? newSecret()
  await db
    .insertInto('trusted_devices')
    .values({ token_hash: sha256(token), user_id: userId })
    .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_used_at: new Date() }))
    .execute()
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    secure: config.COOKIE_SECURE,
    sameSite: 'strict',
    path: config.PUBLIC_API_PREFIX,
    maxAge: DEVICE_TTL_DAYS * 86_400,
  })
}
