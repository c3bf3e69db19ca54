import { defineCatalog } from './i18n.ts'
import en from './messages/auth/en.json'

/** Sign-in, sign-up, their confirmation page and the header's account area. */
export const t = defineCatalog('auth', en)
