import { readFileSync } from 'node:fs'
import { CLINIC_TIME_ZONE, PATIENT_LANGUAGES, type PatientLanguage } from '@hearing/contracts'
import { IntlMessageFormat } from 'intl-messageformat'
import en from './en.json' with { type: 'json' }
import es from './es.json' with { type: 'json' }

/**
 * What patients read (e-mails, texts) in their language: each service keeps its texts in
 * data files, one per language (data/messages/en.json, es.json), as ICU MessageFormat, formatted
 * here with FormatJS's intl-messageformat. The kit adds the texts every e-mail shares (greeting,
 * dates). Staff-facing texts stay in English and are not here.
 */

/** A language's messages: key → ICU MessageFormat text. */
export type MessageFile = Record<string, string>
export type MessageFiles = Record<PatientLanguage, MessageFile>
export type MessageValues = Record<string, string | number>

/** The locale each language is formatted in (dates, plurals): the practice is in the US. */
export const PATIENT_LOCALES: Record<PatientLanguage, string> = { en: 'en-US', es: 'es-US' }

const COMMON: MessageFiles = { en, es }

/** A service's message files: data/messages/<language>.json beside its src/ and dist/. */
export function loadMessageFiles(dir: URL): MessageFiles {
  const read = (language: PatientLanguage): MessageFile => {
    const file = new URL(`${language}.json`, dir)
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) {
      throw new Error(`${file.pathname}: must be an object of message texts`)
    }
    return parsed as MessageFile
  }
  return Object.fromEntries(PATIENT_LANGUAGES.map((language) => [language, read(language)])) as MessageFiles
}

type Ast = ReturnType<IntlMessageFormat['getAst']>

/** The argument names a message uses, nested ones (inside select/plural options) included. */
function placeholdersOf(ast: Ast, into = new Set<string>()): Set<string> {
  for (const element of ast) {
    if ('value' in element && element.type !== 0 && typeof element.value === 'string') into.add(element.value)
    if ('options' in element) for (const option of Object.values(element.options)) placeholdersOf(option.value, into)
    if ('children' in element) placeholdersOf(element.children, into)
  }
  return into
}

/**
 * Everything wrong with a set of message files: a key missing from a language, a message that does
 * not parse, or one whose placeholders differ from English's (a translation must say the same
 * things). Empty when all is well.
 */
export function messageFileProblems(files: MessageFiles): string[] {
  const problems: string[] = []
  const keys = new Set(PATIENT_LANGUAGES.flatMap((language) => Object.keys(files[language])))
  for (const key of [...keys].sort()) {
    const placeholders: Partial<Record<PatientLanguage, string>> = {}
    for (const language of PATIENT_LANGUAGES) {
      const text = files[language][key]
      if (text === undefined) {
        problems.push(`${language}: "${key}" is missing`)
        continue
      }
      try {
        placeholders[language] = [...placeholdersOf(new IntlMessageFormat(text, PATIENT_LOCALES[language]).getAst())].sort().join(', ')
      } catch (err) {
        problems.push(`${language}: "${key}" does not parse (${err instanceof Error ? err.message : String(err)})`)
      }
    }
    for (const language of PATIENT_LANGUAGES) {
      const mine = placeholders[language]
      if (language !== 'en' && mine !== undefined && placeholders.en !== undefined && mine !== placeholders.en) {
        problems.push(`${language}: "${key}" uses {${mine}} where en uses {${placeholders.en}}`)
      }
    }
  }
  return problems
}

/** One language's messages, ready to format. */
export interface PatientMessages {
  language: PatientLanguage
  locale: string
  /** The message `key` with its placeholders filled; an unknown key throws (a typo is a bug, never a blank e-mail). */
  t(key: string, values?: MessageValues): string
  /** Whether the files have `key` (for texts that exist only for some values, like a type's name). */
  has(key: string): boolean
  /** "Hello Mary," / "Hola, Mary:"; without a name "Hello," / "Hola:". */
  greeting(firstName: string | null | undefined): string
  /** "Monday, November 30, 2026 at 9:30 AM (Eastern Standard Time)" / "lunes, 30 de noviembre de 2026, 9:30 a.m. (hora estándar oriental)". */
  when(at: Date, zone?: string): string
  /** "Mon, Nov 30 at 9:30 AM" / "lun, 30 de nov, 9:30 a.m." (texts: little room). */
  whenShort(at: Date, zone?: string): string
}

/** Intl writes a narrow no-break space before AM/PM; plain text reads better with a space. */
const plainSpaces = (text: string) => text.replace(/\u202f/g, ' ')

function dateParts(locale: string, at: Date, zone: string, long: boolean) {
  const date = new Intl.DateTimeFormat(locale, long ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: zone } : { weekday: 'short', month: 'short', day: 'numeric', timeZone: zone }).format(at)
  const clock = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: zone })
  const zoneName = new Intl.DateTimeFormat(locale, { timeZoneName: 'long', timeZone: zone }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? zone
  return { date: plainSpaces(date), time: plainSpaces(clock.format(at)), zone: zoneName }
}

/**
 * A service's messages in every patient language, its files merged with the kit's common ones.
 * Refuses files with problems (messageFileProblems), so a missing translation stops the boot
 * rather than reaching a patient.
 */
export function patientMessages(files: MessageFiles): (language: PatientLanguage) => PatientMessages {
  const merged = Object.fromEntries(PATIENT_LANGUAGES.map((language) => [language, { ...COMMON[language], ...files[language] }])) as MessageFiles
  const problems = messageFileProblems(merged)
  if (problems.length > 0) throw new Error(`Patient message files are not usable:\n${problems.join('\n')}`)
  const byLanguage = new Map<PatientLanguage, PatientMessages>()
  const build = (language: PatientLanguage): PatientMessages => {
    const locale = PATIENT_LOCALES[language]
    const compiled = new Map<string, IntlMessageFormat>()
    const t = (key: string, values?: MessageValues) => {
      let message = compiled.get(key)
      if (!message) {
        const text = merged[language][key]
        if (text === undefined) throw new Error(`unknown patient message "${key}"`)
        message = new IntlMessageFormat(text, locale)
        compiled.set(key, message)
      }
      return String(message.format(values))
    }
    return {
      language,
      locale,
      t,
      has: (key) => merged[language][key] !== undefined,
      greeting: (firstName) => {
        const name = firstName?.trim()
        return t('email.greeting', { known: name ? 'yes' : 'no', name: name ?? '' })
      },
      when: (at, zone = CLINIC_TIME_ZONE) => t('when.long', dateParts(locale, at, zone, true)),
      whenShort: (at, zone = CLINIC_TIME_ZONE) => {
        const { date, time } = dateParts(locale, at, zone, false)
        return t('when.short', { date, time })
      },
    }
  }
  return (language) => {
    let messages = byLanguage.get(language)
    if (!messages) byLanguage.set(language, (messages = build(language)))
    return messages
  }
}
