/**
 * A user as identity answers it (GET/PATCH /api/identity/me, every session response, the admin user
 * list) and the account roles: the shapes are @hearing/contracts', named here as the SPA says them.
 */
export { ROLES, type Role, type PublicUser as User } from '@hearing/contracts'
