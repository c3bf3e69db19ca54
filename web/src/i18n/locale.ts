import { pagePathIn, SPANISH_PATH_PREFIX } from '@hearing/contracts'

/**
 * The site's two languages and how a URL names one: English pages at their own paths, Spanish ones
 * under /es (/es, /es/contact-us, …). Staff screens exist in English only.
 *
 * Kept free of React, browser APIs and the '@/' alias: the build (vite.config.ts, pre-rendering) imports it.
 */
export const LOCALES = ['en', 'es'] as const
export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'en'

/** The path prefix of the Spanish pages (shared with the sitemaps: @hearing/contracts). */
export const SPANISH_PREFIX = SPANISH_PATH_PREFIX

/** The language of a path: "/es" and "/es/…" are Spanish, anything else English. */
export function localeFromPath(pathname: string): Locale {
  return pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`) ? 'es' : 'en'
}

/** The router's basename for a language: "/es" for Spanish, none for English. */
export const basenameFor = (locale: Locale): string | undefined => (locale === 'es' ? SPANISH_PREFIX : undefined)

/** An English path (or route pattern) in `locale`: "/contact-us" -> "/es/contact-us", "/" -> "/es". */
export const localizePath = (locale: Locale, path: string): string => pagePathIn(locale, path)

/** A path without its language prefix: "/es/contact-us" -> "/contact-us", "/es" -> "/". */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === 'en') return pathname
  const rest = pathname.slice(SPANISH_PREFIX.length)
  return rest === '' ? '/' : rest
}

/** BCP 47 tags for Intl and <html lang>; Open Graph's locale names. */
export const htmlLang: Record<Locale, string> = { en: 'en', es: 'es' }
export const ogLocale: Record<Locale, string> = { en: 'en_US', es: 'es_US' }
