import { defineCatalog } from './i18n.ts'
import en from './messages/layout/en.json'

/** The site frame's texts (header, menus, footer, cookie notice, 404) and the shared ones (days, hours). */
export const t = defineCatalog('layout', en)
