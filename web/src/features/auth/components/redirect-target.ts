import type { Location } from 'react-router-dom'

import { paths } from '@/config/paths'

/** Router state a link to /auth carries: the page to return to after signing in. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>
}

/** Only same-site paths: never `//host` or `https://…` (no open redirect through ?redirectTo=). */
function isLocalPath(value: string | null | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
}

/**
 * Where to go once signed in (SPEC §2: "the page they came from or /"): the router state set by
 * the Sign In links, else ?redirectTo=, else home. Never back to /auth itself.
 */
export function redirectTarget(state: unknown, search: string): string {
  const from = (state as FromState | null)?.from
  const fromState = from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : undefined
  const fromQuery = new URLSearchParams(search).get('redirectTo')
  const target = [fromState, fromQuery].find(isLocalPath)
  if (!target || target === paths.auth.path || target.startsWith(`${paths.auth.path}?`)) return paths.home.getHref()
  return target
}
