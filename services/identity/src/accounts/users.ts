import { sql } from 'kysely'
import type { AdminUser, PublicUser } from '@hearing/contracts'
import type { Role } from '@hearing/service-kit'
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { Db, UsersTable } from '../database.js'

export type UserRow = Selectable<UsersTable>

export function toPublicUser(row: UserRow): PublicUser {
  const fullName = [row.first_name, row.last_name].filter((part) => part && part.trim()).join(' ')
  return {
    id: row.id,
    email: row.email,
    email_verified: row.email_verified_at !== null,
    role: row.role,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName || null,
    phone: row.phone,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    preferred_location_uid: row.preferred_location_uid,
    language: row.language,
    created_at: row.created_at.toISOString(),
  }
}

/** A user as staff see them: also whether the account is deactivated. */
export function toAdminUser(row: UserRow): AdminUser {
  return { ...toPublicUser(row), deactivated_at: row.deactivated_at?.toISOString() ?? null }
}

/** How addresses are compared and stored. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined)
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Every user, newest first (the admin dashboard's users tab), or only those with a role. */
export function listUsers(db: Db, role?: Role): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id')
  if (role) query = query.where('role', '=', role)
  return query.execute()
}

export function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst()
}

export class EmailTakenError extends Error {
  constructor() {
    super('email taken')
    this.name = 'EmailTakenError'
  }
}

/** Inserts a user; a clash on the e-mail address (even a concurrent one) is an EmailTakenError. */
export async function insertUser(db: Db, values: Insertable<UsersTable>): Promise<UserRow> {
  try {
    return await db
      .insertInto('users')
      .values({ ...values, email: normalizeEmail(values.email) })
      .returningAll()
      .executeTakeFirstOrThrow()
  } catch (err) {
    if ((err as { code?: string; constraint?: string }).code === '23505' && (err as { constraint?: string }).constraint === 'users_email_key') {
      throw new EmailTakenError()
    }
    throw err
  }
}

export function updateUser(db: Db, id: string, values: Updateable<UsersTable>): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export function isUuid(value: string): boolean {
  return UUID.test(value)
}

/** Accounts in id order after `after`: the contact fields and whether confirmed (Sync Existing Users). */
export function listContactCandidates(db: Db, { after, limit }: { after?: string; limit: number }) {
  let query = db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'phone', 'preferred_location_uid'])
    .select(sql<boolean>`email_verified_at is not null`.as('email_verified'))
    .orderBy('id')
    .limit(limit)
  if (after) query = query.where('id', '>', after)
  return query.execute()
}
