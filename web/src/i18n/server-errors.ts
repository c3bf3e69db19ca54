import { i18n } from './i18n.ts'
// The English catalog as written (not compiled): its sentences are the patterns the server's words are matched against.
import englishSource from './messages/errors/en.json?raw'

/**
 * A failed request's words in Spanish, for the Spanish pages (loaded with their catalogs,
 * ./spanish.ts). The services answer in English (`{ statusCode, error, message }`, the message
 * written for the person); their errors carry no codes, so the client maps what is stable in them:
 *
 * - the status: no answer (0), 429, 5xx each have one Spanish sentence;
 * - a sentence the services say (identity's MESSAGES, scheduling's slot and link messages, …):
 *   messages/errors/en.json holds each exactly as sent, `{name}` standing for a value in it, and
 *   es.json its Spanish, filled with the same values (errors.test.ts checks that every English
 *   sentence is still in a service's source, so a reworded one fails a test instead of falling back);
 * - a field problem, "body.phone: must be a valid US phone number": the field's Spanish label and
 *   the problem's Spanish, or "no es válido" for a problem not in the catalog;
 * - anything else: a Spanish sentence for its status (never the English).
 */

const english = JSON.parse(englishSource) as Record<string, string>

interface Pattern {
  key: string
  regex: RegExp
  names: string[]
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function pattern(key: string, message: string): Pattern {
  const names: string[] = []
  const source = message
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1]
      if (!name) return escape(part)
      names.push(name)
      return '(.+?)'
    })
    .join('')
  return { key, regex: new RegExp(`^${source}$`, 's'), names }
}

// The most literal pattern first: "… it is {status} and has already started." before "… it is {status}.".
const patternsOf = (prefix: string) =>
  Object.entries(english)
    .filter(([key]) => key.startsWith(prefix) && !/^error\.(label|field|status|network|tooMany|server|\d{3})/.test(key))
    .map(([key, message]) => pattern(key, message))
    .sort((a, b) => b.regex.source.replace(/\(\.\+\?\)/g, '').length - a.regex.source.replace(/\(\.\+\?\)/g, '').length)

/** Whole sentences ("error.emailTaken"), and the problems that follow "field: " ("error.problem.required"). */
const sentences = patternsOf('error.').filter((p) => !p.key.startsWith('error.problem.'))
const problems = patternsOf('error.problem.')

function translate(text: string, from: readonly Pattern[]): string | undefined {
  for (const { key, regex, names } of from) {
    const match = regex.exec(text)
    if (match) return i18n._(key, Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])))
  }
  return undefined
}

const has = (key: string) => key in i18n.messages

function fieldProblem(problem: string): string | undefined {
  const match = /^(?:body|query|params|input)\.([\w.]+): (.+)$/s.exec(problem) ?? /^(\w+): (.+)$/s.exec(problem)
  if (!match) return undefined
  // "body.address.zip_code" and "body.items.0.quantity" are about zip_code and items.
  const field = match[1]!.split('.').filter((part) => !/^\d+$/.test(part))
  const name = [...field].reverse().find((part) => has(`error.label.${part}`))
  if (!name) return undefined
  return i18n._('error.field', { field: i18n._(`error.label.${name}`), problem: translate(match[2]!, problems) ?? i18n._('error.field.invalid') })
}

function byStatus(status: number): string {
  if (status === 0) return i18n._('error.network')
  if (status === 429) return i18n._('error.tooMany')
  if (status >= 500) return i18n._('error.server')
  return has(`error.${status}`) ? i18n._(`error.${status}`) : i18n._('error.status', { status })
}

/** The server's message of an error body, if it sent one. */
function serverMessage(body: unknown): string | undefined {
  const message = body && typeof body === 'object' && 'message' in body ? body.message : undefined
  return typeof message === 'string' && message ? message : undefined
}

/** The Spanish for a failed request: see above. `englishText`: what the English page would say. */
export function spanishErrorWords(status: number, body: unknown, englishText: string): string {
  const said = serverMessage(body)
  // 429 and 5xx: the client's own sentence (english), unless a service explained itself in words we know.
  if (status === 0 || said === undefined || (status >= 500 && said !== englishText)) return translate(englishText, sentences) ?? byStatus(status)
  const whole = translate(said, sentences)
  if (whole) return whole
  const parts = said.split('; ').map((part) => translate(part, sentences) ?? fieldProblem(part))
  if (parts.every((part): part is string => part !== undefined)) return parts.join('; ')
  return byStatus(status)
}
