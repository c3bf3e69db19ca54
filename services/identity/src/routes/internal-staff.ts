import { STAFF_DIRECTORY_PATH, staffDirectory } from '@hearing/contracts'
import type { RouteGroup } from '@hearing/service-kit'
import { listUsers } from '../accounts/users.js'
import type { Database } from '../database.js'

const displayName = (u: { first_name: string | null; last_name: string | null; email: string }) => [u.first_name, u.last_name].filter(Boolean).join(' ').trim() || u.email

/**
 * The staff directory other services ask (the kit's /internal guard requires the service
 * credential): who may write an order note or be given an inbox message, by name.
 */
export const internalStaffRoutes: RouteGroup<Database> = (app) => {
  app.get(STAFF_DIRECTORY_PATH, { schema: { response: { 200: staffDirectory } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    const [admins, staff] = await Promise.all([listUsers(app.db, 'admin'), listUsers(app.db, 'staff')])
    const people = [...admins, ...staff].map((u) => ({ id: String(u.id), name: displayName(u), role: u.role as 'staff' | 'admin' }))
    return { staff: people.sort((a, b) => a.name.localeCompare(b.name)) }
  })
}
