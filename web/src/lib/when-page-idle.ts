/**
 * Runs `task` once the page has loaded and the browser has a moment to spare (or after 2 s of
 * waiting for one); returns a function that cancels it.
 *
 * For the first localStorage read of a page view (the stored cart, the cookie choice): it is
 * synchronous, and while the page is still loading the browser can take tens of milliseconds to
 * answer it, a pause that blocks taps and that Lighthouse counts four times over on a mobile CPU.
 */
export function whenPageIdle(task: () => void): () => void {
  let cancelled = false
  let idleHandle: number | undefined
  let timer: number | undefined
  const run = () => {
    if (!cancelled) task()
  }
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') idleHandle = window.requestIdleCallback(run, { timeout: 2000 })
    else timer = window.setTimeout(run, 100)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', schedule)
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle)
    if (timer !== undefined) window.clearTimeout(timer)
  }
}
