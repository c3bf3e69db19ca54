import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'

import { MAIN_CONTENT_ID } from '@/components/layout/layout'

// The path whose page last took focus. Module state on purpose: each page renders its own
// <RouteFocus>, so a ref would start fresh on every navigation. The first page load leaves focus
// alone (the skip link must stay the first tab stop); a later change of path moves focus.
let focusedPathname: string | undefined

/**
 * Moves keyboard and screen-reader focus to the new page after a client-side navigation: to the
 * page's <h1> if it has one, else to <main>. Rendered after each page, in the page's lazily loaded
 * component (router.tsx, lazyPage), so it runs once the page is there. Only path changes count: a
 * new query string or hash (tabs, anchors) keeps focus where it is.
 */
export function RouteFocus() {
  const { pathname } = useLocation()

  useEffect(() => {
    if (focusedPathname === undefined || focusedPathname === pathname) {
      focusedPathname = pathname
      return
    }
    focusedPathname = pathname
    const main = document.getElementById(MAIN_CONTENT_ID)
    const heading = main?.querySelector<HTMLElement>('h1')
    const target = heading ?? main
    if (!target) return
    if (target === heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    target.focus({ preventScroll: true })
  }, [pathname])

  return null
}
