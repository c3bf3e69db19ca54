import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { afterDeferredHydration, beginDeferredHydration, HydrateLater } from './hydrate-later'

function Page({ onMenu, onPreferences }: { onMenu: () => void; onPreferences: () => void }) {
  return (
    <main>
      <button type="button" onClick={onMenu}>
        Menu
      </button>
      <HydrateLater>
        <footer>
          <button type="button" onClick={onPreferences}>
            Cookie Preferences
          </button>
        </footer>
      </HydrateLater>
    </main>
  )
}

// What the pre-rendering step writes for <Page />: rendered on the server, nothing waits.
const MARKUP = renderToString(<Page onMenu={() => {}} onPreferences={() => {}} />)

/** A stand-in for the browser's IntersectionObserver: the test says what is near the screen. */
class FakeObserver {
  static current: FakeObserver | undefined
  observed = new Set<Element>()
  constructor(private readonly report: (entries: IntersectionObserverEntry[]) => void) {
    FakeObserver.current = this
  }
  observe(element: Element) {
    this.observed.add(element)
  }
  unobserve(element: Element) {
    this.observed.delete(element)
  }
  disconnect() {
    this.observed.clear()
  }
  /** The observer's report: which of the elements it watches are near the screen. */
  show(nearScreen: boolean) {
    this.report([...this.observed].map((target) => ({ target, isIntersecting: nearScreen }) as IntersectionObserverEntry))
  }
}

beforeAll(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver)
})
afterAll(() => {
  vi.unstubAllGlobals()
})

function hydratePage() {
  const container = document.createElement('div')
  container.innerHTML = MARKUP
  document.body.append(container)
  const onMenu = vi.fn()
  const onPreferences = vi.fn()
  beginDeferredHydration()
  act(() => {
    hydrateRoot(container, <Page onMenu={onMenu} onPreferences={onPreferences} />)
  })
  const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!
  const observer = FakeObserver.current!
  return { container, onMenu, onPreferences, button, observer }
}

const allHydrated = () => new Promise<void>((resolve) => afterDeferredHydration(resolve))

describe('HydrateLater', () => {
  it('keeps the pre-rendered markup and gives it its handlers in a later task once it is near the screen', async () => {
    const { container, onMenu, onPreferences, button, observer } = hydratePage()
    const footer = container.querySelector('footer')
    expect([...observer.observed], 'the part is watched by its element').toEqual([footer])

    button('Menu').click()
    expect(onMenu).toHaveBeenCalledTimes(1)
    button('Cookie Preferences').click()
    expect(onPreferences, 'the footer is not hydrated yet').not.toHaveBeenCalled()
    expect(container.innerHTML).toBe(MARKUP)

    observer.show(true)
    await act(allHydrated)
    expect(container.querySelector('footer')).toBe(footer)
    expect(container.innerHTML).toBe(MARKUP)
    button('Cookie Preferences').click()
    expect(onPreferences).toHaveBeenCalledTimes(1)
  })

  it('hydrates what is still waiting as soon as the visitor presses a pointer, so the click that follows works', async () => {
    const { container, onPreferences, button } = hydratePage()

    await act(async () => {
      button('Cookie Preferences').dispatchEvent(new Event('pointerdown', { bubbles: true }))
    })
    button('Cookie Preferences').click()
    expect(onPreferences).toHaveBeenCalledTimes(1)
    expect(container.querySelectorAll('footer')).toHaveLength(1)
  })

  it('counts the page as hydrated while a part is off screen, and hydrates that part once it scrolls near', async () => {
    const { container, onPreferences, button, observer } = hydratePage()

    let marked = false
    afterDeferredHydration(() => (marked = true))
    await act(async () => observer.show(false))
    await vi.waitFor(() => expect(marked, 'the page counts as hydrated: the footer is off screen').toBe(true))
    button('Cookie Preferences').click()
    expect(onPreferences, 'off screen, not hydrated').not.toHaveBeenCalled()
    expect(container.innerHTML).toBe(MARKUP)

    await act(async () => observer.show(true))
    await vi.waitFor(() => {
      button('Cookie Preferences').click()
      expect(onPreferences).toHaveBeenCalled()
    })
    expect(container.innerHTML).toBe(MARKUP)
  })
})
