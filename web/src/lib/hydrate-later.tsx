import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import styled from 'styled-components'

/**
 * Hydration of what is on screen first, the rest when it is needed. A pre-rendered page is
 * hydrated by Preact in a single task, which blocks taps and key presses for as long as it runs;
 * parts wrapped in <HydrateLater> (the header, the footer, sections below the fold) keep their
 * pre-rendered markup and are hydrated afterwards, one per task: those on screen (or about to be)
 * right away, in page order, the others once they scroll near the screen. Until then they are the
 * server's markup, which looks the same; their data (the reviews) is asked for then too. Preact
 * keeps the markup of a component that suspends while hydrating, and hydrates it when it resumes
 * (as with the lazily loaded pages).
 *
 * Only during the first hydration (boot.tsx calls beginDeferredHydration): later renders, such as
 * the pages reached by a link, render everything at once. A pointer, key or focus event hydrates
 * everything still waiting before the event reaches the page, so no early tap is lost. The
 * children must render one element: Preact keeps one DOM node per suspended component.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const [slot] = useState(() => (deferring ? nextSlot() : undefined))
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!slot || slot.done) return undefined
    return watch(slot, box.current?.firstElementChild ?? box.current)
  }, [slot])
  return (
    <NoBox ref={box}>
      <Suspense fallback={null}>
        <Gate slot={slot}>{children}</Gate>
      </Suspense>
    </NoBox>
  )
}

/** Only there to find the part's element on the page: no box of its own, so no change to the layout. */
const NoBox = styled.div`
  display: contents;
`

interface Slot {
  done: boolean
  promise: Promise<void>
  resolve: () => void
  /** Whether the page has said if it is near the screen (an IntersectionObserver's first report). */
  seen: boolean
}

function Gate({ slot, children }: { slot: Slot | undefined; children: ReactNode }) {
  if (slot && !slot.done) throw slot.promise
  return <>{children}</>
}

/** How near the screen a part is hydrated: a little before it scrolls in. */
const NEAR_SCREEN = '0px 0px 200px 0px'

let deferring = false
/** Parts not hydrated yet, each until it is near the screen, or an interaction. */
const waiting = new Set<Slot>()
/** Parts to hydrate now, one per task, in order. */
const queue: Slot[] = []
const elements = new Map<Element, Slot>()
const whenDone: Array<() => void> = []
let timer: ReturnType<typeof setTimeout> | undefined
let observer: IntersectionObserver | undefined

function nextSlot(): Slot {
  let resolve!: () => void
  const slot: Slot = { done: false, seen: false, resolve: () => resolve(), promise: Promise.resolve() }
  slot.promise = new Promise<void>((r) => (resolve = r)).then(() => {
    slot.done = true
  })
  waiting.add(slot)
  return slot
}

/**
 * Hydrates the part once `element` is near the screen. Without IntersectionObserver (old
 * browsers, the component tests' DOM), every part is hydrated in turn, as if on screen.
 */
function watch(slot: Slot, element: Element | null): () => void {
  if (typeof IntersectionObserver !== 'function' || !element) {
    slot.seen = true
    release(slot)
    return () => {}
  }
  observer ??= new IntersectionObserver(onSight, { rootMargin: NEAR_SCREEN })
  elements.set(element, slot)
  observer.observe(element)
  return () => {
    // Gone before it was hydrated (the visitor went to another page): nothing waits for it.
    observer?.unobserve(element)
    elements.delete(element)
    waiting.delete(slot)
    finishIfDone()
  }
}

function onSight(entries: IntersectionObserverEntry[]) {
  for (const entry of entries) {
    const slot = elements.get(entry.target)
    if (!slot) continue
    slot.seen = true
    if (entry.isIntersecting) {
      observer?.unobserve(entry.target)
      elements.delete(entry.target)
      release(slot)
    }
  }
  finishIfDone()
}

function release(slot: Slot) {
  if (!waiting.delete(slot)) return
  queue.push(slot)
  timer ??= setTimeout(releaseOne, 0)
}

function releaseOne() {
  timer = undefined
  queue.shift()?.resolve()
  if (queue.length > 0) timer = setTimeout(releaseOne, 0)
  else finishIfDone()
}

/** An early tap, key press or focus: everything waiting is hydrated now, and nothing more waits. */
function releaseAll() {
  deferring = false
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
  observer?.disconnect()
  elements.clear()
  for (const slot of [...queue, ...waiting]) slot.resolve()
  queue.length = 0
  waiting.clear()
  finishIfDone()
}

/**
 * The page counts as hydrated once the parts on screen are: the others wait for the visitor
 * (their markup is on the page, and an interaction hydrates them at once).
 */
function finishIfDone() {
  if (deferring || queue.length > 0 || timer !== undefined || [...waiting].some((slot) => !slot.seen)) return
  if (waiting.size === 0) for (const event of INTERACTIONS) document.removeEventListener(event, releaseAll, true)
  // After the last part's render, which runs in a microtask once its slot is released.
  setTimeout(() => {
    while (whenDone.length > 0) whenDone.shift()!()
  }, 0)
}

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const

/** Called by boot.tsx right before it hydrates pre-rendered markup. */
export function beginDeferredHydration() {
  deferring = true
  for (const event of INTERACTIONS) document.addEventListener(event, releaseAll, true)
}

/**
 * Runs `task` once the deferred parts on screen are hydrated. Called when the page itself has
 * hydrated (HydrationMarker): nothing rendered after that waits.
 */
export function afterDeferredHydration(task: () => void) {
  whenDone.push(task)
  deferring = false
  finishIfDone()
}
