import { useEffect } from 'react'

/**
 * Sets <html data-hydrated> once a page's own code has loaded and React has taken over its
 * markup. Public pages arrive pre-rendered: they look ready before their JavaScript runs, and a
 * click or key press on markup React has not hydrated yet does nothing. Browser tests wait for
 * this attribute before interacting (`await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')`).
 * Rendered by the router inside each page's Suspense boundary, so it runs after the page itself.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return null
}
