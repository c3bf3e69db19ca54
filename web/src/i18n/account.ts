import { defineCatalog } from './i18n.ts'
import en from './messages/account/en.json'

/** Account setup (an invitation) and the password reset page. */
export const t = defineCatalog('account', en)
