import { lazy, Suspense, useEffect, useState } from 'react'

/**
 * react-toastify, loaded on the first toast instead of with every page: most visits show none, and
 * its ~10 KB (gzip) would otherwise sit in the JavaScript every page downloads first.
 *
 * `loadToasts()` (used by lib/notify) mounts <Toasts> and loads the toast code. A toast called
 * before the container has mounted is queued by react-toastify and shown as soon as it mounts.
 */
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })))

let wanted = false
const listeners = new Set<() => void>()

export function loadToasts(): Promise<typeof import('./toast-body')> {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  return import('./toast-body')
}

/** The toast container: nothing until the first toast is asked for. Rendered once, by the app provider. */
export function Toasts() {
  const [mounted, setMounted] = useState(false)

  useEffect(() => {
    if (wanted) {
      setMounted(true)
      return
    }
    const listener = () => setMounted(true)
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }, [])

  // The region is on the page from the start, the container arrives with the first toast. A modal
  // dialog (Radix, via aria-hidden) hides everything outside itself from assistive technology when it
  // opens, except elements with aria-live: a container mounted only later, behind an open dialog
  // (the cart's "Failed to create checkout"), would be hidden and its alert never announced. "off"
  // is the default politeness: the toasts inside are their own live regions (role="alert").
  return (
    <div aria-live="off" data-toasts="">
      {mounted ? (
        <Suspense fallback={null}>
          <ToastContainer
            position="bottom-right"
            theme="light"
            newestOnTop
            autoClose={8000}
            closeOnClick={false}
            pauseOnFocusLoss
            pauseOnHover
          />
        </Suspense>
      ) : null}
    </div>
  )
}
