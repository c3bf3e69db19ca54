import { defineCatalog } from './i18n.ts'
import en from './messages/cognivue/en.json'

/** The memory-health page (/cognivue): hero, promo video, tips and the rack card viewer. */
export const t = defineCatalog('cognivue', en)
