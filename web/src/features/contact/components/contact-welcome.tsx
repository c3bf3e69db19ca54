import { useEffect, useRef } from 'react'

import { api } from '@/lib/api-client'
import { notify } from '@/lib/notify'

/**
 * The spec's "Welcome!" toast (§4 pending-contact flow, done on the server): once the signed-in
 * user's messaging contact exists, messaging-sync answers welcome: true exactly once (claimed
 * atomically, whatever the number of tabs). Asked once per signed-in user per page load; failures
 * are only logged (§8).
 */
export function ContactWelcome({ userId }: { userId: string | null }) {
  const askedFor = useRef<string | null>(null)

  useEffect(() => {
    if (!userId || askedFor.current === userId) return
    askedFor.current = userId
    api.post<{ welcome: boolean }>('/messaging/contact-sync/me/welcome').then(
      ({ welcome }) => {
        if (welcome) notify.success('Welcome!', 'Your account has been synchronized with our system.')
      },
      (error: unknown) => console.error('Contact sync check failed:', error),
    )
  }, [userId])

  return null
}
