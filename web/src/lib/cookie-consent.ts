/**
 * The visitor's cookie choice (SPEC §3 "Cookie consent", §4 "Cookie notice"): kept in localStorage
 * under 'cookie-consent' as "accepted" or "declined"; absent until the visitor chooses. Closing the
 * notice without choosing stores nothing. Analytics (./analytics.ts) reads it before every send.
 *
 * Storage can be unavailable (privacy modes, disabled storage, pre-rendering): reads then answer
 * "no choice" and writes are dropped, so the notice simply shows again on the next visit.
 */

export const COOKIE_CONSENT_KEY = 'cookie-consent'

export type CookieConsent = 'accepted' | 'declined'

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

/** The stored choice, or null when there is none (or storage holds something else). */
export function readCookieConsent(): CookieConsent | null {
  try {
    const value = storage()?.getItem(COOKIE_CONSENT_KEY)
    return value === 'accepted' || value === 'declined' ? value : null
  } catch {
    return null
  }
}

export function storeCookieConsent(choice: CookieConsent): void {
  try {
    storage()?.setItem(COOKIE_CONSENT_KEY, choice)
  } catch {
    // Storage full or blocked: the choice holds for this page view only.
  }
}

type Listener = () => void
const reopenListeners = new Set<Listener>()

/** Shows the cookie notice again (the footer's "Cookie Preferences" button), whatever is stored. */
export function reopenCookieNotice(): void {
  for (const listener of reopenListeners) listener()
}

/** The cookie notice listens here; returns the unsubscribe function. */
export function onCookieNoticeReopen(listener: Listener): () => void {
  reopenListeners.add(listener)
  return () => {
    reopenListeners.delete(listener)
  }
}
