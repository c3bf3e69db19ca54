import { defineCatalog } from './i18n.ts'
import en from './messages/home/en.json'

/** The home page: hero, insurance, brands, services and reviews sections (their content lists are src/content). */
export const t = defineCatalog('home', en)
