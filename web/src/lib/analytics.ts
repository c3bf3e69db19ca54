import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'

import { patternOf } from '@/lib/route-pattern'

import { api } from './api-client'
import { readCookieConsent } from './cookie-consent'
import { whenPageIdle } from './when-page-idle'

/**
 * First-party analytics (SPEC §7 "Analytics"; ARCHITECTURE "External services"): page views and
 * the named events go to POST /api/content/events, which stores them in Postgres with the signed-in
 * user's id when there is one. Nothing is sent once the visitor has declined cookies; the choice is
 * read before every send, so declining takes effect at once.
 *
 * Only the URL path is sent, never the query string or fragment (they can carry tokens, e.g.
 * /setup-account?token=…); the content service refuses anything else.
 */

/** The named events (SPEC §7), spelled exactly as the content service accepts them. */
export type AnalyticsEventName = 'Contacted-us' | 'Signed-in' | 'Signed-up' | 'book'

type AnalyticsPayload =
  | { type: 'page_view'; route: string; path: string }
  | { type: 'event'; name: AnalyticsEventName; path: string }

const EVENTS_ENDPOINT = '/content/events'
/** The content service's limit; a longer path is not worth a failing request. */
const MAX_PATH_LENGTH = 512

/** The route pattern shown for paths no page matches (the 404 page). */
export const NOT_FOUND_ROUTE = '*'

function send(payload: AnalyticsPayload): void {
  if (typeof window === 'undefined') return
  if (readCookieConsent() === 'declined') return
  if (payload.path.length > MAX_PATH_LENGTH) return
  // keepalive: an event recorded just before a full page navigation (booking success) still leaves.
  // Failures are dropped on purpose: analytics never disturbs the visitor.
  api.post(EVENTS_ENDPOINT, payload, { keepalive: true }).catch(() => undefined)
}

/** Records a named event on the current page, e.g. trackEvent('Signed-in') after signing in. */
export function trackEvent(name: AnalyticsEventName): void {
  if (typeof window === 'undefined') return
  send({ type: 'event', name, path: window.location.pathname })
}

/** The router pattern that renders `pathname` ('/products/:productId'), or '*' for the 404 page. */
export function routeForPath(pathname: string): string {
  return patternOf(pathname) ?? NOT_FOUND_ROUTE
}

/** Records a view of the page at `pathname`. */
export function trackPageView(pathname: string): void {
  send({ type: 'page_view', route: routeForPath(pathname), path: pathname })
}

// The last path recorded. Module state so React's development double-effects and re-mounts of the
// layout do not count one view twice.
let lastTrackedPath: string | undefined

/**
 * Records a page view on the first load and whenever the path changes. A new query string or
 * fragment on the same path (tabs, anchors) is not a new page view: only the path is recorded.
 * Rendered once, in the root layout.
 */
export function usePageViewTracking(): void {
  const { pathname } = useLocation()
  useEffect(() => {
    if (pathname === lastTrackedPath) return
    // The first view is sent once the page has loaded: sending reads the stored cookie choice
    // (lib/when-page-idle), and the view matters less than the page.
    const first = lastTrackedPath === undefined
    lastTrackedPath = pathname
    if (first) whenPageIdle(() => trackPageView(pathname))
    else trackPageView(pathname)
  }, [pathname])
}
