import { setupI18n, type Messages } from '@lingui/core'

import { DEFAULT_LOCALE, type Locale } from './locale.ts'

/**
 * The one message store (Lingui's runtime, ~2 KB gzip: it formats catalogs compiled at build time,
 * so no ICU parser reaches the browser). English catalogs register with the module that uses them
 * (they travel in that page's chunk, as the texts did before); the Spanish ones load only on Spanish
 * pages (./spanish.ts), each page's own before it renders (declaredSpanish below).
 *
 * Catalogs are JSON files under ./messages/<area>/{en,es}.json in ICU MessageFormat; the build
 * compiles them (scripts/lingui-catalogs.ts), and src/i18n/catalogs.test.ts checks that both
 * languages have the same keys and placeholders.
 */
export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { en: {} } })

export type MessageValues = Record<string, string | number | Date | undefined>

/**
 * The Spanish parts ("messages/<area>", "content/<name>") that the modules loaded so far use. A
 * Spanish page loads only its own: a catalog or a content copy declares itself when its module runs
 * (defineCatalog, spanishCopy), and ./spanish.ts loads what is declared and missing before anything
 * renders with it (src/main.tsx before the first render; withSpanish after a lazily loaded module).
 * Only names here: the loading code is in the Spanish chunk, which English pages never fetch.
 */
export const declaredSpanish = new Set<string>()

/**
 * A translator bound to one catalog: `t('contact.send')`, `t('contact.reply', { time })`. The key
 * type is the English catalog's, so a misspelt key does not compile. `area`: the catalog's folder
 * under ./messages, whose es.json Spanish pages load with the module.
 */
export function defineCatalog<Keys extends string>(area: string, english: Record<Keys, string>) {
  declaredSpanish.add(`messages/${area}`)
  // The build turns the JSON's strings into Lingui's compiled form; only the keys matter to the types.
  i18n.load('en', english as unknown as Messages)
  return (key: Keys, values?: MessageValues): string => i18n._(key, values)
}

/** The language the page is in. */
export const currentLocale = (): Locale => (i18n.locale === 'es' ? 'es' : 'en')

/** The page's language for Intl (dates, times, numbers): US English or US Spanish. */
export const intlLocale = (): string => (currentLocale() === 'es' ? 'es-US' : 'en-US')

/**
 * A date format in the page's language, built once per language: building a formatter costs far
 * more than formatting with it, and lists (review cards, closed days) format many dates as they render.
 */
export function dateFormatInPageLanguage(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  const built = new Map<string, Intl.DateTimeFormat>()
  return () => {
    const locale = intlLocale()
    let format = built.get(locale)
    if (!format) built.set(locale, (format = new Intl.DateTimeFormat(locale, options)))
    return format
  }
}

/**
 * Spanish copies of content (src/content/<name>/es.json beside the English src/content/<name>.ts).
 * `const services = spanishCopy('services')` at a module's top declares the copy; `services(english)`
 * then gives the data in the page's language: on Spanish pages the Spanish copy (a list whole; an
 * object's fields over the English ones, so a copy holds only what has words), else the English.
 */
export const spanishContent: Record<string, unknown> = {}

export function spanishCopy(name: string) {
  declaredSpanish.add(`content/${name}`)
  return <T>(english: T): T => inPageLanguage(name, english)
}

/** `name`'s data in the page's language (see spanishCopy; 'error-words': needSpanish in src/lib/api-client.ts). */
export function inPageLanguage<T>(name: string, english: T): T {
  const copy = currentLocale() === 'es' ? spanishContent[name] : undefined
  if (copy === undefined) return english
  return (copy && typeof copy === 'object' && !Array.isArray(copy) ? { ...english, ...copy } : copy) as T
}

/**
 * Loads the declared Spanish parts not loaded yet (./spanish.ts loadDeclaredSpanish): set by
 * src/main.tsx on Spanish pages only, so English pages carry no import of the Spanish chunk here.
 */
let loadSpanish: (() => Promise<void>) | undefined
export const setSpanishLoader = (load: () => Promise<void>) => {
  loadSpanish = load
}

/** Spanish parts only some visits need (a server error's words): declared and loaded when needed, on Spanish pages. */
export function needSpanish(...parts: string[]): Promise<void> {
  for (const part of parts) declaredSpanish.add(part)
  return loadSpanish ? loadSpanish() : Promise.resolve()
}

/** A lazily loaded module, once the Spanish parts it declared are loaded too (on Spanish pages). */
export const withSpanish = <M>(module: Promise<M>): Promise<M> => (loadSpanish ? module.then((loaded) => loadSpanish!().then(() => loaded)) : module)

/**
 * The `language` field of a patient's request (booking, contact message, sign-up, order, profile):
 * their e-mails come in the language of the page they used. English pages send none (the default).
 */
export const languageField = (): { language?: 'es' } => (currentLocale() === 'es' ? { language: 'es' } : {})

export function activateLocale(locale: Locale) {
  if (i18n.locale !== locale) i18n.activate(locale)
}
