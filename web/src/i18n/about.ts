import { defineCatalog } from './i18n.ts'
import en from './messages/about/en.json'

/** The About page: hero, our story and its video, the team (cards and bio dialogs), our values. */
export const t = defineCatalog('about', en)
