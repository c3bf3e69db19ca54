import { useEffect, useState } from 'react'

/**
 * Whether the page is scrolled further down than `offset` px. Starts false (also when pre-rendered)
 * and follows scrolling, read at most once per frame.
 */
export function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(false)

  useEffect(() => {
    let frame = 0
    const update = () => {
      frame = 0
      setPast(window.scrollY > offset)
    }
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame !== 0) window.cancelAnimationFrame(frame)
    }
  }, [offset])

  return past
}
