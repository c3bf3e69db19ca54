import type { Messages } from '@lingui/core'

import { declaredSpanish, i18n, spanishContent } from './i18n.ts'

/**
 * The Spanish texts, which only Spanish pages load (src/main.tsx imports this module dynamically
 * and hands loadDeclaredSpanish to ./i18n.ts withSpanish): the catalogs (./messages/<area>/es.json)
 * and the Spanish copies of content (../content/<name>/es.json), each its own small chunk fetched
 * when a page that uses it loads, so a page carries its own Spanish and not the whole site's. The
 * frame's catalogs (header, footer, head), which every page shows, travel in this module's chunk;
 * the Spanish words for server errors (./server-errors.ts and its catalog) load when a request
 * fails. Of the English pages' code it imports only the message store.
 */
// The globs are literals (Vite reads them at build time): the frame's three in both.
const frameCatalogs = import.meta.glob<Messages>('./messages/{layout,ui,seo}/es.json', { eager: true, import: 'default' })
const catalogs = import.meta.glob<Messages>(['./messages/*/es.json', '!./messages/{layout,ui,seo}/es.json'], { import: 'default' })
const contentFiles = import.meta.glob<unknown>('../content/**/es.json', { import: 'default' })

const catalogPart = (file: string) => file.replace(/^\.\/(messages\/[^/]+)\/es\.json$/, '$1')
const contentName = (file: string) => file.replace(/^\.\.\/content\//, '').replace(/\/es\.json$/, '')

/** "messages/<area>" or "content/<name>" -> its data. */
const loaders = new Map<string, () => Promise<unknown>>([
  ...Object.entries(frameCatalogs).map(([file, data]) => [catalogPart(file), () => Promise.resolve(data)] as const),
  ...Object.entries(catalogs).map(([file, load]) => [catalogPart(file), load] as const),
  ...Object.entries(contentFiles).map(([file, load]) => [`content/${contentName(file)}`, load] as const),
  // What src/lib/api-client.ts tells the patient when a request fails (./server-errors.ts, with messages/errors).
  ['content/error-words', () => import('./server-errors.ts').then((m) => m.spanishErrorWords)],
])

/** Every page shows the frame, whose head uses this catalog. */
const ALWAYS = ['messages/seo']
const loaded = new Set<string>()

/**
 * Loads the Spanish parts declared (./i18n.ts declaredSpanish) and not loaded yet; `every`: all of
 * them (the pre-rendering renders every page).
 */
export async function loadDeclaredSpanish({ every = false }: { every?: boolean } = {}): Promise<void> {
  const missing = (every ? [...loaders.keys()] : [...ALWAYS, ...declaredSpanish]).filter((part) => !loaded.has(part))
  if (missing.length === 0) return
  const { messages, content } = await spanishParts(missing)
  i18n.load('es', messages)
  Object.assign(spanishContent, content)
  for (const part of missing) loaded.add(part)
}

/** The catalogs' messages and the content copies of `parts`; an unknown part is a mistake in the code. */
async function spanishParts(parts: readonly string[]): Promise<{ messages: Messages; content: Record<string, unknown> }> {
  const data = await Promise.all(
    parts.map((part) => {
      const load = loaders.get(part)
      if (!load) throw new Error(`No Spanish texts for "${part}" (src/i18n/messages/<area>/es.json or src/content/<name>/es.json)`)
      return load()
    }),
  )
  const messages: Messages = {}
  const content: Record<string, unknown> = {}
  parts.forEach((part, i) => {
    if (part.startsWith('messages/')) Object.assign(messages, data[i])
    else content[part.slice('content/'.length)] = data[i]
  })
  return { messages, content }
}
