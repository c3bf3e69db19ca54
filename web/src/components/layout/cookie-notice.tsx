import { lazy, Suspense, useEffect, useRef, useState } from 'react'

import { withSpanish } from '@/i18n/i18n'
import { onCookieNoticeReopen, readCookieConsent } from '@/lib/cookie-consent'

// The notice's markup, styles and buttons load when it first shows (2 s in, or on request), not
// with the code every page needs to start.
const CookieNoticePanel = lazy(() => withSpanish(import('./cookie-notice-panel')).then((m) => ({ default: m.CookieNoticePanel })))

/** SPEC §9: the notice appears this long after the page loads when no choice is stored. */
export const COOKIE_NOTICE_DELAY_MS = 2000

/**
 * The cookie notice (SPEC §2, §4): hidden at first; 2 seconds after the page loads it appears if
 * the visitor has made no choice yet. Accept and Decline store "accepted" / "declined" and hide it;
 * the close button hides it without storing anything, so it comes back on the next visit. The
 * footer's "Cookie Preferences" shows it again at any time.
 *
 * It is a labelled region at the bottom of the window, not a modal: appearing on its own, it does
 * not take focus away from what the visitor is doing. Opened on request, it receives focus, and
 * gives it back when it closes. While it is shown, the page keeps focused elements clear of it.
 */
export function CookieNotice() {
  const [visible, setVisible] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  /** Where focus was when the visitor asked for the notice; it goes back there on close. */
  const returnFocusRef = useRef<HTMLElement | null>(null)

  useEffect(() => {
    // The stored choice is read when the notice would appear, not while the page loads (lib/when-page-idle).
    const timer = window.setTimeout(() => {
      if (readCookieConsent() === null) setVisible(true)
    }, COOKIE_NOTICE_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])

  useEffect(
    () =>
      onCookieNoticeReopen(() => {
        returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
        setVisible(true)
        setFocusRequest((n) => n + 1)
      }),
    [],
  )

  if (!visible) return null

  return (
    <Suspense fallback={null}>
      <CookieNoticePanel focusRequest={focusRequest} returnFocusRef={returnFocusRef} onClose={() => setVisible(false)} />
    </Suspense>
  )
}
