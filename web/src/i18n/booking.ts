import { CLINIC_TIME_ZONE } from '@hearing/contracts'

import { currentLocale, defineCatalog, i18n, intlLocale } from './i18n.ts'
import en from './messages/booking/en.json'

/** The booking page and form. */
export const t = defineCatalog('booking', en)

/** An appointment type's name (the server's, in English) in the page's language, when the catalog has it. */
export function appointmentTypeName(name: string): string {
  const key = `booking.type.${name}`
  return key in i18n.messages ? i18n._(key) : name
}

/** A time offered for booking: the server's "9:00 AM" on English pages, "9:00 a.m." (Intl, es-US, the clinic's time) on Spanish ones. */
export function slotLabel({ label, starts_at }: { label: string; starts_at: string }): string {
  return currentLocale() === 'es' ? new Intl.DateTimeFormat(intlLocale(), { hour: 'numeric', minute: '2-digit', timeZone: CLINIC_TIME_ZONE }).format(new Date(starts_at)) : label
}
