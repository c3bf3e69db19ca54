import { useEffect } from 'react'

import { formatTitle } from '@/seo/title'

/**
 * Sets the page's <title>: "Page | Practice", or the practice and its tagline for the home page.
 * The head of each route (title, description, canonical, …) comes from src/seo/pages.ts and is
 * already in the HTML the server sends; this is for titles that change while a page is shown.
 */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = formatTitle(title)
  }, [title])
}
