import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'

import { afterDeferredHydration, beginDeferredHydration, HydrateLater } from './hydrate-later'

// What the pre-rendering step would have written for <Page />.
const MARKUP = '<main><button type="button">Menu</button><footer><button type="button">Cookie Preferences</button></footer></main>'

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
  return { container, onMenu, onPreferences, button }
}

const allHydrated = () => new Promise<void>((resolve) => afterDeferredHydration(resolve))

describe('HydrateLater', () => {
  it('keeps the pre-rendered markup and gives it its handlers in a later task', async () => {
    const { container, onMenu, onPreferences, button } = hydratePage()
    const footer = container.querySelector('footer')

    button('Menu').click()
    expect(onMenu).toHaveBeenCalledTimes(1)
    button('Cookie Preferences').click()
    expect(onPreferences, 'the footer is not hydrated yet').not.toHaveBeenCalled()
    expect(container.innerHTML).toBe(MARKUP)

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
})
