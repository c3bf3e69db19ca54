import { Suspense, useState, type ReactNode } from 'react'

/**
 * Hydration in several short tasks instead of one long one. A pre-rendered page is hydrated by
 * Preact in a single task, which blocks taps and key presses for as long as it runs; parts wrapped
 * in <HydrateLater> (the footer, sections below the fold) keep their pre-rendered markup and are
 * hydrated afterwards, one per task, in page order. Preact keeps the markup of a component that
 * suspends while hydrating, and hydrates it when it resumes (as with the lazily loaded pages).
 *
 * Only during the first hydration (main.tsx calls beginDeferredHydration): later renders, such as
 * the pages reached by a link, render everything at once. A pointer, key or focus event hydrates
 * everything still waiting before the event reaches the page, so no early tap is lost. The
 * children must render one element: Preact keeps one DOM node per suspended component.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const [slot] = useState(() => (deferring ? nextSlot() : undefined))
  return (
    <Suspense fallback={null}>
      <Gate slot={slot}>{children}</Gate>
    </Suspense>
  )
}

interface Slot {
  done: boolean
  promise: Promise<void>
}

function Gate({ slot, children }: { slot: Slot | undefined; children: ReactNode }) {
  if (slot && !slot.done) throw slot.promise
  return <>{children}</>
}

let deferring = false
const waiting: Array<() => void> = []
const whenDone: Array<() => void> = []
let timer: ReturnType<typeof setTimeout> | undefined

function nextSlot(): Slot {
  const slot: Slot = { done: false, promise: Promise.resolve() }
  slot.promise = new Promise<void>((resolve) => waiting.push(resolve)).then(() => {
    slot.done = true
  })
  timer ??= setTimeout(releaseOne, 0)
  return slot
}

function releaseOne() {
  timer = undefined
  waiting.shift()?.()
  if (waiting.length > 0) timer = setTimeout(releaseOne, 0)
  else finishIfDone()
}

/** An early tap, key press or focus: everything waiting is hydrated now, and nothing more waits. */
function releaseAll() {
  deferring = false
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
  while (waiting.length > 0) waiting.shift()!()
  finishIfDone()
}

function finishIfDone() {
  if (deferring || waiting.length > 0 || timer !== undefined) return
  for (const event of INTERACTIONS) document.removeEventListener(event, releaseAll, true)
  // After the last part's render, which runs in a microtask once its slot is released.
  setTimeout(() => {
    while (whenDone.length > 0) whenDone.shift()!()
  }, 0)
}

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const

/** Called by main.tsx right before it hydrates pre-rendered markup. */
export function beginDeferredHydration() {
  deferring = true
  for (const event of INTERACTIONS) document.addEventListener(event, releaseAll, true)
}

/**
 * Runs `task` once every deferred part is hydrated. Called when the page itself has hydrated
 * (HydrationMarker): nothing rendered after that waits.
 */
export function afterDeferredHydration(task: () => void) {
  whenDone.push(task)
  deferring = false
  finishIfDone()
}
