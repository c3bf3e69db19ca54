/**
 * @swc/core as ts-node runs it for the tests (tsconfig.base.json: "ts-node" → "transpiler"), with one
 * option ts-node does not pass: import attributes are kept, so `import data from './x.json' with
 * { type: 'json' }` still says what it imports (Node refuses a JSON module without it).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const swc = require('@swc/core')

module.exports = {
  ...swc,
  transformSync(source, options = {}) {
    const jsc = options.jsc ?? {}
    return swc.transformSync(source, { ...options, jsc: { ...jsc, experimental: { ...jsc.experimental, keepImportAttributes: true, emitAssertForImportAttributes: false } } })
  },
}
