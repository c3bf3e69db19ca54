import { CLINIC_TIME_ZONE } from '@hearing/contracts'

import { currentLocale, defineCatalog, i18n, intlLocale } from './i18n.ts'
import en from './messages/patient/en.json'

/** The patient's own records: /profile's appointments, order requests and data, the cancel link, "My Data", account deletion. */
export const t = defineCatalog('patient', en)

/** A message by a key built from data (a status, a kind), or `fallback` when the catalog has none. */
export function tOr(key: string, fallback: string): string {
  return key in i18n.messages ? i18n._(key) : fallback
}

/**
 * When an appointment starts, in the clinic's time: on English pages the server's words ("Monday,
 * November 30, 2026 at 10:00 AM (Eastern Standard Time)"), on Spanish ones the same moment written
 * by Intl in US Spanish ("lunes, 30 de noviembre de 2026, 10:00 a.m. (hora del Este)").
 */
export function appointmentWhen({ when, starts_at }: { when: string; starts_at: string }): string {
  if (currentLocale() !== 'es') return when
  return t('appt.when', { when: new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'full', timeStyle: 'short', timeZone: CLINIC_TIME_ZONE }).format(new Date(starts_at)) })
}
