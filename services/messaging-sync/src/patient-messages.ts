import { loadMessageFiles, patientMessages } from '@hearing/service-kit'

/** What patients read from messaging-sync (the contact acknowledgement, staff's e-mailed replies), per language: data/messages/<language>.json. */
export const MESSAGES_DIR = new URL('../data/messages/', import.meta.url)

export const messagesIn = patientMessages(loadMessageFiles(MESSAGES_DIR))
