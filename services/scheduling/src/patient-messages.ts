import { loadMessageFiles, patientMessages, type PatientMessages } from '@hearing/service-kit'

/** The words of the e-mails, calendar files and texts patients get, per language: data/messages/<language>.json. */
export const MESSAGES_DIR = new URL('../data/messages/', import.meta.url)

export const messagesIn = patientMessages(loadMessageFiles(MESSAGES_DIR))

/**
 * An appointment type's name in the patient's language: the practice's own types (seed.ts) have
 * theirs in the message files (`type.<name>`); a type staff add later keeps the name they gave it.
 */
export function typeNameIn(m: PatientMessages, name: string): string {
  const key = `type.${name}`
  return m.has(key) ? m.t(key) : name
}
