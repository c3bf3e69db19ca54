import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'

/** What another tab may link to: ?appointment=<id> or ?order=<id>. */
export type LinkedKind = 'appointment' | 'order'

/**
 * The item another tab linked to (?appointment=<id>, ?order=<id>): once it is shown, it is
 * scrolled to and focused, so following a link from the Inbox to Appointments or Orders (or back)
 * lands on it. `ids`: what this item is about (an inbox message: its appointment or order).
 */
export function useLinkedItem<T extends HTMLElement>(ids: Partial<Record<LinkedKind, string | null>>) {
  const [params] = useSearchParams()
  const ref = useRef<T>(null)
  const linked = Object.entries(ids).some(([kind, id]) => id != null && params.get(kind) === id)
  useEffect(() => {
    if (!linked || !ref.current) return
    ref.current.scrollIntoView({ block: 'center' })
    ref.current.focus()
  }, [linked])
  return { ref, linked, focusProps: linked ? { tabIndex: -1 } : {} }
}
