import { useEffect, useState } from 'react'

/**
 * How many of `total` parts of a page to render now: the first at once, then one more per task
 * until all are in. A page that renders a long list in one go (the product collections) is one long task
 * during which a tap waits; in turns, each task is short, and what comes first is what is on screen.
 */
export function useInTurns(total: number): number {
  const [shown, setShown] = useState(1)
  useEffect(() => {
    if (shown >= total) return undefined
    const timer = setTimeout(() => setShown((count) => count + 1), 0)
    return () => clearTimeout(timer)
  }, [shown, total])
  return Math.min(shown, total)
}
