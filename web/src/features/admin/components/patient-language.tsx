import { DEFAULT_PATIENT_LANGUAGE, PATIENT_LANGUAGE_NAMES, type PatientLanguage } from '@hearing/contracts'

/**
 * " · Language: Spanish" after a patient's contact line when they use the site in another language
 * than English: staff then know how to call and write. Nothing for English.
 */
export function LanguageNote({ language }: { language: PatientLanguage | null | undefined }) {
  if (!language || language === DEFAULT_PATIENT_LANGUAGE) return null
  return <> · Language: {PATIENT_LANGUAGE_NAMES[language]}</>
}
