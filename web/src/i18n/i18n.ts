import { setupI18n, type Messages } from '@lingui/core'

import { DEFAULT_LOCALE, type Locale } from './locale.ts'

/**
 * The one message store (Lingui's runtime, ~2 KB gzip: it formats catalogs compiled at build time,
 * so no ICU parser reaches the browser). English catalogs register with the module that uses them
 * (they travel in that page's chunk, as the texts did before); the Spanish ones load together, only
 * on Spanish pages (./spanish.ts), before the first render.
 *
 * Catalogs are JSON files under ./messages/<area>/{en,es}.json in ICU MessageFormat; the build
 * compiles them (scripts/lingui-catalogs.ts), and src/i18n/catalogs.test.ts checks that both
 * languages have the same keys and placeholders.
 */
export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { en: {} } })

export type MessageValues = Record<string, string | number | Date | undefined>

/**
 * A translator bound to one catalog: `t('contact.send')`, `t('contact.reply', { time })`. The key
 * type is the English catalog's, so a misspelt key does not compile.
 */
export function defineCatalog<Keys extends string>(english: Record<Keys, string>) {
  // The build turns the JSON's strings into Lingui's compiled form; only the keys matter to the types.
  i18n.load('en', english as unknown as Messages)
  return (key: Keys, values?: MessageValues): string => i18n._(key, values)
}

/** The language the page is in. */
export const currentLocale = (): Locale => (i18n.locale === 'es' ? 'es' : 'en')

/** The page's language for Intl (dates, times, numbers): US English or US Spanish. */
export const intlLocale = (): string => (currentLocale() === 'es' ? 'es-US' : 'en-US')

/**
 * Spanish copies of content (src/content/<name>/es.json beside the English src/content/<name>.ts),
 * loaded with the Spanish catalogs (./spanish.ts). `inPageLanguage('services', services)` gives the
 * data in the page's language: on Spanish pages the Spanish copy when there is one (a list whole;
 * an object's fields over the English ones, so a copy holds only what has words), else the English.
 */
const spanishContent: Record<string, unknown> = {}

export function inPageLanguage<T>(name: string, english: T): T {
  const copy = currentLocale() === 'es' ? spanishContent[name] : undefined
  if (copy === undefined) return english
  return (copy && typeof copy === 'object' && !Array.isArray(copy) ? { ...english, ...copy } : copy) as T
}

/** Loads the Spanish catalogs and content (src/main.tsx and the pre-rendering, before the first render). */
export function loadSpanish({ messages, content }: { messages: Messages; content: Record<string, unknown> }) {
  i18n.load('es', messages)
  Object.assign(spanishContent, content)
}

/**
 * The `language` field of a patient's request (booking, contact message, sign-up, order, profile):
 * their e-mails come in the language of the page they used. English pages send none (the default).
 */
export const languageField = (): { language?: 'es' } => (currentLocale() === 'es' ? { language: 'es' } : {})

export function activateLocale(locale: Locale) {
  if (i18n.locale !== locale) i18n.activate(locale)
}
