import { defineCatalog } from './i18n.ts'
import en from './messages/forms/en.json'

/** Texts shared by the forms: field labels, the clinic select, name rules, reply promises. */
export const t = defineCatalog('forms', en)
