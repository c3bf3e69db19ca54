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

export const email = z.email('must be an e-mail address')

/** A link inside this site: a path starting with one "/", optionally with a query or fragment. */
export const sitePath = z.string().regex(/^\/(?!\/)[^\s]*$/, 'must be a path on this site, starting with /')

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.iso.date('must be a date written YYYY-MM-DD')

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
