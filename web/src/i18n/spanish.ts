import type { Messages } from '@lingui/core'

/**
 * Every Spanish catalog, in one chunk that only Spanish pages load (src/main.tsx imports this module
 * dynamically before the first render; the pre-rendering loads it as well). It imports nothing
 * else, so it shares no code with the English pages' chunks.
 */
const catalogs = import.meta.glob<Messages>('./messages/*/es.json', { eager: true, import: 'default' })

export const spanishMessages: Messages = Object.assign({}, ...Object.values(catalogs)) as Messages
