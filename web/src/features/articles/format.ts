import { currentLocale, intlLocale } from '@/i18n/i18n'

/** "2026-09-08T00:00:00.000Z" -> "September 2026" (SPEC §2: month and year, US English), "septiembre de 2026" on Spanish pages. UTC, so every visitor sees the same month. */
export function monthYear(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/** The articles are written in English: their titles, excerpts and tags are marked lang="en" on Spanish pages. */
export const englishOnSpanishPage = (): 'en' | undefined => (currentLocale() === 'es' ? 'en' : undefined)

/** SPEC §9: a card's excerpt is cut at 120 characters (at a word where possible), with an ellipsis. */
export const EXCERPT_LIMIT = 120

export function cutExcerpt(text: string, limit = EXCERPT_LIMIT): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= limit) return clean
  const cut = clean.slice(0, limit)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`
}

/** SPEC §9: at most 3 tags on a card. */
export const MAX_CARD_TAGS = 3

/** Shown when an article has no picture or its picture fails to load. */
export const PLACEHOLDER_IMAGE = '/media/articles/placeholder.svg'
