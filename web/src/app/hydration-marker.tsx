import { useEffect } from 'react'

import { afterDeferredHydration } from '@/lib/hydrate-later'

/**
 * Sets <html data-hydrated> once a page's own code has loaded and the app has taken over its
 * markup. Public pages arrive pre-rendered: they look ready before their JavaScript runs, and a
 * click or key press on markup not hydrated yet does nothing. Browser tests wait for
 * this attribute before interacting (`await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')`).
 * Rendered by the router after each page, in the page's lazily loaded component (router.tsx,
 * lazyPage), so it runs once the page itself has rendered.
 */
export function HydrationMarker() {
  useEffect(() => {
    // Once the parts hydrated later that are on screen (HydrateLater: the header, and whatever of the
    // footer and the sections below the fold is in view) have their handlers too; the others wait
    // until they scroll near, and any tap, key press or focus hydrates them first.
    afterDeferredHydration(() => {
      document.documentElement.dataset.hydrated = ''
    })
  }, [])
  return null
}
