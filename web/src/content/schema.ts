import { z } from 'zod'

/**
 * Building blocks for validating the practice's content (the files beside this one). Content is
 * data a non-developer may edit to rebrand the site, so a mistake must stop the build with a
 * message naming the file and the field, not surface later as a broken page. Every content module
 * is imported while the site is built (vite.config.ts, the pre-rendering step), so the checks run
 * there; in the browser bundle zod is a pass-through stand-in (scripts/content-validation.ts), so
 * schemas here must not transform data.
 *
 * Kept free of React, browser APIs and the '@/' alias: build scripts import these modules directly.
 */

/** Non-empty text without leading or trailing blanks. */
export const text = z
  .string()
  .min(1, 'must not be empty')
  .refine((value) => value.trim() === value, 'must not start or end with spaces')

/** A US phone number written for people: "(770) 555-0142". */
export const usPhone = z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'must look like (770) 555-0142')

export const email = z.email('must be an e-mail address')

/** An absolute https:// URL (embeds, external listings). */
export const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' })

/** A link inside this site: a path starting with one "/", optionally with a query or fragment. */
export const sitePath = z.string().regex(/^\/(?!\/)[^\s]*$/, 'must be a path on this site, starting with /')

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.iso.date('must be a date written YYYY-MM-DD')

/** A time of day on the 24-hour clock, HH:MM. */
export const time24 = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM (24-hour)')

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export const weekday = z.enum(WEEKDAYS)

/**
 * Validates one content module's data against its schema and returns the parsed value, or throws
 * an error that names the content file and every offending field. Use it for each exported value:
 *
 *   export const team = defineContent('team', z.array(memberSchema), [ … ])
 */
export function defineContent<S extends z.ZodType>(file: string, schema: S, data: z.input<S>): z.output<S> {
  const result = schema.safeParse(data)
  if (!result.success) {
    // `file`: a module's name ("team" for team.ts), or a data file's path with its extension ("self-check/en.json").
    const where = /\.\w+$/.test(file) ? file : `${file}.ts`
    throw new Error(`Invalid practice content in web/src/content/${where}:\n${z.prettifyError(result.error)}`)
  }
  return result.data
}
