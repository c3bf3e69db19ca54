import { defineCatalog } from './i18n.ts'
import en from './messages/profile/en.json'

/** The profile page and its form. */
export const t = defineCatalog('profile', en)
