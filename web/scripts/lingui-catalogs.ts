import { readFile } from 'node:fs/promises'

import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/** Message catalogs: src/i18n/messages/<area>/<locale>.json (ICU MessageFormat, one key per message). */
const CATALOG = /[\\/]src[\\/]i18n[\\/]messages[\\/][^\\/]+[\\/][a-z]{2}\.json$/
/** The id a catalog is loaded under once compiled: not a .json id, so Vite's JSON plugin leaves it alone. */
const COMPILED_SUFFIX = '.lingui.js'

/**
 * Compiles the message catalogs when they are imported: each ICU message becomes Lingui's compiled
 * form, which @lingui/core formats without a parser in the browser. A message that does not parse
 * stops the build with its key.
 */
export function linguiCatalogs(): Plugin {
  return {
    name: 'hearing:lingui-catalogs',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && CATALOG.test(resolved.id) ? `${resolved.id}${COMPILED_SUFFIX}` : null
    },
    async load(id) {
      if (!id.endsWith(COMPILED_SUFFIX)) return null
      const file = id.slice(0, -COMPILED_SUFFIX.length)
      this.addWatchFile(file)
      const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>
      const compiled: Record<string, unknown> = {}
      for (const [key, message] of Object.entries(messages)) {
        try {
          compiled[key] = compileMessage(message)
        } catch (error) {
          this.error(`${file}: message "${key}" is not valid ICU MessageFormat: ${(error as Error).message}`)
        }
      }
      return `export default ${JSON.stringify(compiled)}\n`
    },
  }
}
