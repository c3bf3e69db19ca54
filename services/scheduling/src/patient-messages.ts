import { loadMessageFiles, patientMessages } from '@hearing/service-kit'

/** The words of the e-mails, calendar files and texts patients get, per language: data/messages/<language>.json. */
export const MESSAGES_DIR = new URL('../data/messages/', import.meta.url)

export const messagesIn = patientMessages(loadMessageFiles(MESSAGES_DIR))
