import { useEffect } from 'react'

import { practice } from '@/config/practice'

/** Sets the page's <title>: "Page | Practice", or just the practice name for the home page. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${practice.name}` : practice.name
  }, [title])
}
