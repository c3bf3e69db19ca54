import { STAFF_DIRECTORY_PATH, staffDirectory, type StaffMember } from '@hearing/contracts'
import { httpError } from './errors.js'

export interface StaffDirectoryOptions {
  /** Identity's base URL (the origin of IDENTITY_JWKS_URL). */
  identityUrl: string | URL
  internalToken: string
  timeoutMs?: number
}

/**
 * Identity's staff and admins (its /internal/staff), asked each time: a role changed a minute ago
 * counts. Identity unreachable or answering oddly is a 503 for the caller, never a guess.
 */
export function staffDirectoryClient({ identityUrl, internalToken, timeoutMs = 5_000 }: StaffDirectoryOptions) {
  const url = new URL(STAFF_DIRECTORY_PATH, identityUrl)
  async function list(): Promise<StaffMember[]> {
    let res: Response
    try {
      res = await fetch(url, { headers: { 'x-internal-token': internalToken }, signal: AbortSignal.timeout(timeoutMs) })
    } catch {
      throw httpError(503, 'The staff list is unavailable right now. Please try again.')
    }
    const parsed = res.ok ? staffDirectory.safeParse(await res.json().catch(() => undefined)) : undefined
    if (!parsed?.success) throw httpError(503, 'The staff list is unavailable right now. Please try again.')
    return parsed.data.staff
  }
  return {
    list,
    /** The colleague with this id, or undefined when there is none (a customer, a removed account). */
    find: async (id: string) => (await list()).find((m) => m.id === id),
  }
}
export type StaffDirectoryClient = ReturnType<typeof staffDirectoryClient>
