import { practice } from '../content/practice.ts'

/**
 * A page's <title>: "About Us | North Georgia Hearing Care"; without a page title (the home
 * page), the practice and its tagline: "North Georgia Hearing Care | Reconnect With Life's Sounds."
 */
export function formatTitle(title?: string): string {
  return title ? `${title} | ${practice.name}` : `${practice.name} | ${practice.tagline}`
}
