import { defineCatalog } from './i18n.ts'
import en from './messages/contact/en.json'

export const t = defineCatalog('contact', en)
