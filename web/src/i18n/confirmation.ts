import { defineCatalog } from './i18n.ts'
import en from './messages/confirmation/en.json'

export const t = defineCatalog('confirmation', en)
