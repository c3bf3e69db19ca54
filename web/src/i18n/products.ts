import { defineCatalog } from './i18n.ts'
import en from './messages/products/en.json'

/** The shop's list (/products): hero, featured product, the collections' carousels, empty and error states. */
export const t = defineCatalog('products', en)
