import { z } from 'zod'

/**
 * The language a patient uses the site in: sent with their requests and account, stored
 * with them, shown to staff, and the language of the e-mails and texts they receive. Staff screens
 * stay in English. A request without it is English.
 */
export const PATIENT_LANGUAGES = ['en', 'es'] as const
export type PatientLanguage = (typeof PATIENT_LANGUAGES)[number]
export const DEFAULT_PATIENT_LANGUAGE: PatientLanguage = 'en'

export const patientLanguage = z.enum(PATIENT_LANGUAGES, { error: `must be one of ${PATIENT_LANGUAGES.join(', ')}` })

/** How staff screens (in English) name a patient's language. */
export const PATIENT_LANGUAGE_NAMES: Record<PatientLanguage, string> = { en: 'English', es: 'Spanish' }

/** A stored value read back as a language; anything unknown is the default. */
export const asPatientLanguage = (value: unknown): PatientLanguage =>
  (PATIENT_LANGUAGES as readonly unknown[]).includes(value) ? (value as PatientLanguage) : DEFAULT_PATIENT_LANGUAGE

/** A page of the public site in the patient's language: English at the path itself, others under /<language> (/es/cancel-appointment). */
export const pathInLanguage = (language: PatientLanguage, path: string): string =>
  language === DEFAULT_PATIENT_LANGUAGE ? path : path === '/' ? `/${language}` : `/${language}${path}`
