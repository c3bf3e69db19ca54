import { defineCatalog } from './i18n.ts'
import en from './messages/shop/en.json'

/** The cart drawer, the order request (checkout) and the product pages. */
export const t = defineCatalog('shop', en)
