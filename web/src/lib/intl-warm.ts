/** How long hydration waits for the worker at most: past that, the page formats on its own thread. */
const WAIT_MS = 500

/**
 * Loads the browser's number and date formatting data on another thread (intl-warm.worker.ts) and
 * resolves once it is loaded, or failed, or took too long: never rejects, so hydration is never
 * held up by it. Before, boot.tsx made a first format on the page's thread, a task of its own that
 * blocked taps for 15-45 ms (60-180 ms on a phone four times slower).
 */
export function warmIntlOffThread(locale: string): Promise<void> {
  if (typeof Worker !== 'function') return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(done, WAIT_MS)
    try {
      // Not stopped by the page, even past WAIT_MS: it ends itself once done (a worker stopped
      // while its script downloads leaves that request unfinished, for the browser tests too).
      const worker = new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { type: 'module', name: locale })
      worker.onmessage = done
      worker.onerror = done
    } catch {
      done()
    }
  })
}
