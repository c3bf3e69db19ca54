import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'

/**
 * Keeps document.head in step with the page on client-side navigations. The first page's head is
 * already right (pre-rendered, or filled in by the gateway from the same data), so nothing is
 * loaded for it: the SEO data and the code that writes the head (apply-head.ts) load with the
 * first navigation, off the first page's critical path.
 *
 * Rendered by the router next to each page: `pattern` is the page's route pattern; none for the
 * 404 page.
 */
export function RouteSeo({ pattern }: { pattern?: string }) {
  const { pathname } = useLocation()
  const first = useRef(true)

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    let current = true
    void import('./apply-head').then(({ applyRouteHead, forgetPageHead }) => {
      forgetPageHead(pathname)
      if (current) applyRouteHead(pattern, pathname)
    })
    return () => {
      current = false
    }
  }, [pattern, pathname])

  return null
}
