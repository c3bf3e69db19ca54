import { isPhoneText } from '@hearing/contracts'
import { sql } from 'kysely'
import type { Db } from '../database.js'
import type { UserRow } from './users.js'

/**
 * What a phone search is compared by: all its digits, without a leading US country code (as the
 * users.phone_digits column), so part of a number ("555 01") finds every phone that contains it.
 * Not the contracts' phoneDigits (a whole number's last ten): searching by part is deliberate.
 */
export function phoneSearchDigits(input: string): string {
  return input.replace(/\D/g, '').replace(/^1(\d{10})$/, '$1')
}

/** Fewest digits a phone search needs: fewer match nearly everyone. */
const MIN_SEARCH_DIGITS = 3
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
  const digits = phoneSearchDigits(text)
  let query = db.selectFrom('users')
  if (text && isPhoneText(text) && digits.length >= MIN_SEARCH_DIGITS) {
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
