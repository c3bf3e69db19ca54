import { defineCatalog } from './i18n.ts'
import en from './messages/ui/en.json'

/** Words of shared controls outside the site frame: the error panel's retry, the confirm dialog's back-out. */
export const t = defineCatalog('ui', en)
