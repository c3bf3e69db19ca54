import { defineCatalog } from './i18n.ts'
import en from './messages/articles/en.json'

/** The articles' list (/resources) and an article's page around its text (which stays in English). */
export const t = defineCatalog('articles', en)
