// No zod here: the SPA imports the list into its pages.

/** Account roles (SPEC §6): customer is the default; staff read the back office, admins run it. */
export const ROLES = ['customer', 'staff', 'admin'] as const
export type Role = (typeof ROLES)[number]
