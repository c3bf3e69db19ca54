import { z } from 'zod'
import { publicUser } from './users.js'

/**
 * A user as staff see them (the Users tab, a patient's page): the public user and whether the
 * account is deactivated (since when), which only staff are told.
 */
export const adminUser = publicUser.extend({ deactivated_at: z.string().nullable() })
export type AdminUser = z.infer<typeof adminUser>

/** Users per page of the Users tab. */
export const USERS_PAGE_SIZE = 25

/** GET /api/identity/admin/users/search: name, e-mail or phone (any way it is typed), one page. */
export const userSearchQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type UserSearchQuery = z.input<typeof userSearchQuery>

/** One page of users; `page` is the page answered (a page past the end answers the last). */
export const userPage = z.object({ users: z.array(adminUser), page: z.number().int(), page_size: z.number().int(), total: z.number().int() })
export type UserPage = z.infer<typeof userPage>
