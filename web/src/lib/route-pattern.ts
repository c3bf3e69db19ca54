import { matchRoutes } from 'react-router-dom'

import { spaRoutes, type SpaRoute } from '@/config/spa-routes'

const patterns = spaRoutes.map((path) => ({ path }))
let last: { pathname: string; pattern: SpaRoute | undefined } | undefined

/**
 * The pattern of `spaRoutes` that renders `pathname` (a path inside the router: without /es), or
 * undefined for the 404 page. Matching compiles a regular expression per pattern, and the page's
 * loader, the router and analytics ask about the same path in turn, so the last answer is kept.
 */
export function patternOf(pathname: string): SpaRoute | undefined {
  if (last?.pathname !== pathname) {
    last = { pathname, pattern: matchRoutes(patterns, pathname)?.[0]?.route.path as SpaRoute | undefined }
  }
  return last.pattern
}
