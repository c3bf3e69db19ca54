import { useEffect, type ReactNode } from 'react'

import { connectAuth } from '@/lib/api-client'

import {
  forgetSession,
  getAccessToken,
  listenToOtherTabs,
  refreshIfDue,
  refreshSession,
  REFRESH_CHECK_INTERVAL_MS,
} from '../session-store'

/**
 * Restores the session on page load (one token refresh: the cookie survives a reload, the access
 * token does not), keeps it fresh (SPEC §9: checked every 30 s, refreshed when 90 s remain), and
 * hands the access token to the API client. Read the session with useAuth().
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    const disconnect = connectAuth({
      accessToken: getAccessToken,
      refresh: refreshSession,
      sessionEnded: forgetSession,
    })
    listenToOtherTabs()
    void refreshSession().catch(() => {})
    const timer = window.setInterval(() => refreshIfDue(), REFRESH_CHECK_INTERVAL_MS)
    // Timers are throttled in background tabs: check as soon as the tab is visible again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshIfDue()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      disconnect()
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])

  return children
}
