import { useEffect } from 'react'

import { currentLocale } from '@/i18n/i18n'
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

/**
 * The title of a page whose texts are not translated yet: set on English pages only. On Spanish
 * pages the route's Spanish title (src/i18n/messages/seo/es.json), sent in the head and applied on
 * navigation by <RouteSeo>, stands.
 */
export function useEnglishPageTitle(title: string) {
  useEffect(() => {
    if (currentLocale() !== 'es') document.title = formatTitle(title)
  }, [title])
}
