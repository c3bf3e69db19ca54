import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'

/** Scroll positions of the pages visited in this tab, by history entry. */
const positions = new Map<string, number>()

/**
 * Scroll position across client-side navigations (what react-router's <ScrollRestoration> does in
 * data-router mode): a new page starts at the top, or at the element its #hash names; Back and
 * Forward return to where the page was left. The first page load is left to the browser.
 */
export function ScrollRestoration() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const currentKey = useRef<string | null>(null)

  // Remember where the current history entry is scrolled to.
  useEffect(() => {
    let frame = 0
    const save = () => {
      frame = 0
      if (currentKey.current !== null) positions.set(currentKey.current, window.scrollY)
    }
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(save)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame !== 0) window.cancelAnimationFrame(frame)
    }
  }, [])

  useLayoutEffect(() => {
    const firstRender = currentKey.current === null
    currentKey.current = location.key
    if (firstRender) return
    if (navigationType === 'POP') {
      window.scrollTo(0, positions.get(location.key) ?? 0)
      return
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)))
      if (target) {
        target.scrollIntoView()
        return
      }
    }
    window.scrollTo(0, 0)
  }, [location.key, location.hash, navigationType])

  return null
}
