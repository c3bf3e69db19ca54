import { sql } from 'kysely'
import type { Db } from '../database.js'
import type { UserRow } from './users.js'

/** What a phone number is compared by: its digits, without a leading US country code (as the users.phone_digits column). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '').replace(/^1(\d{10})$/, '$1')
}

/** Text a person types for a phone: digits and the usual punctuation, at least three digits. */
const PHONE_LIKE = /^\+?[\d\s().-]+$/
const MAX_TERMS = 8

/** A term inside `like '%…%'`, its wildcards taken literally. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface UserSearch {
  /** Name, e-mail or phone; blank: everyone. */
  q?: string
  page: number
  pageSize: number
}

/**
 * One page of users, newest first, matching the search: a phone-like query matches the phone's
 * digits however either was typed (or the text, for e-mails with digits); otherwise every word must
 * appear in the name or e-mail. Both columns have trigram indexes (migration patient-search). A
 * page past the end answers the last page.
 */
export async function searchUsers(db: Db, { q = '', page, pageSize }: UserSearch): Promise<{ rows: UserRow[]; page: number; total: number }> {
  const text = q.trim().toLowerCase()
  const digits = phoneDigits(text)
  let query = db.selectFrom('users')
  if (text && PHONE_LIKE.test(text) && digits.length >= 3) {
    query = query.where((eb) => eb.or([eb('phone_digits', 'like', contains(digits)), eb('search_text', 'like', contains(text))]))
  } else if (text) {
    for (const term of text.split(/\s+/).slice(0, MAX_TERMS)) query = query.where('search_text', 'like', contains(term))
  }
  const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()
  const last = Math.max(1, Math.ceil(total / pageSize))
  const answered = Math.min(page, last)
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((answered - 1) * pageSize)
    .execute()
  return { rows, page: answered, total }
}
