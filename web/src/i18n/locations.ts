import { defineCatalog } from './i18n.ts'
import en from './messages/locations/en.json'

/** The Locations page: hero, office cards, achievements, providers and the call to action. */
export const t = defineCatalog('locations', en)
