import { practice } from '../content/practice.ts'
import { i18n } from '../i18n/i18n.ts'
import type { Locale } from '../i18n/locale.ts'

/**
 * A page's <title>: "About Us | North Georgia Hearing Care"; without a page title (the home
 * page), the practice and its tagline: "North Georgia Hearing Care | Reconnect With Life's Sounds."
 */
export function formatTitle(title?: string, locale: Locale = i18n.locale === 'es' ? 'es' : 'en'): string {
  // The Spanish tagline is in the Spanish SEO catalog (loaded on Spanish pages only).
  const tagline = locale === 'es' ? i18n._('seo.tagline') : practice.tagline
  return title ? `${title} | ${practice.name}` : `${practice.name} | ${tagline}`
}
