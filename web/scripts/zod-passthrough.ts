/**
 * Stands in for zod in the browser bundle of src/content/ only (see content-validation.ts): every
 * schema call returns the same chainable no-op, and parsing returns the data as given. The data
 * was validated with the real zod when the site was built (the pre-rendering step imports every
 * content module), and the content schemas use no transforms or defaults, so the data the browser
 * gets is exactly what the real parse returned at build time.
 */
type Chain = ((...args: unknown[]) => Chain) & Record<string | symbol, unknown>

const chain: Chain = new Proxy(function passthrough() {} as unknown as Chain, {
  get(_target, property) {
    if (property === 'safeParse') return (data: unknown) => ({ success: true, data })
    if (property === 'parse') return (data: unknown) => data
    if (property === 'then') return undefined // not a thenable
    return chain
  },
  apply: () => chain,
})

export const z = chain
export default chain
