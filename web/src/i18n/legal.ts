import { defineCatalog } from './i18n.ts'
import en from './messages/legal/en.json'

/** The legal pages' own words around their texts (the texts: src/content/legal.ts, legal/<page>/es.json). */
export const t = defineCatalog('legal', en)
