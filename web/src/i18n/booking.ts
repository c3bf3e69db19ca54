import { defineCatalog, i18n } from './i18n.ts'
import en from './messages/booking/en.json'

/** The booking page and form. */
export const t = defineCatalog(en)

/** An appointment type's name (the server's, in English) in the page's language, when the catalog has it. */
export function appointmentTypeName(name: string): string {
  const key = `booking.type.${name}`
  return key in i18n.messages ? i18n._(key) : name
}
