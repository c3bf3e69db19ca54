import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

/**
 * Whether the user asked the system for less motion. Live: follows a change of the setting.
 * Pre-rendered HTML (no window) assumes no preference, and so does the render that takes such a
 * page over (hydration must draw what the server drew); the render right after corrects it. An
 * effect that starts motion reads prefersReducedMotion() instead: run after the hydrating render,
 * it would start a video for a user who asked for stillness, if only for a moment.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  )
}

/** Whether the user asks for less motion, right now: for effects (see usePrefersReducedMotion). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(QUERY).matches
}
