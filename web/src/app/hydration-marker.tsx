import { useEffect } from 'react'

/**
 * Sets <html data-hydrated> once a page's own code has loaded and React has taken over its
 * markup. Public pages arrive pre-rendered: they look ready before their JavaScript runs. Browser
 * tests wait for this attribute before interacting (`await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')`).
 * Rendered by the router after each page, inside the page's Suspense boundary (router.tsx,
 * lazyPage), so it runs once the page itself has rendered.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return null
}
