import type { Messages } from '@lingui/core'

import { spanishErrorWords } from './server-errors.ts'

/**
 * Everything Spanish, in one chunk that only Spanish pages load (src/main.tsx imports this module
 * dynamically before the first render; the pre-rendering loads it as well): the catalogs, the
 * Spanish copies of content (src/content/<name>/es.json: `inPageLanguage('<name>', …)`), and the
 * Spanish words for server errors (`inPageLanguage('error-words', …)`). It imports nothing
 * the English pages use, so it shares no code with their chunks.
 */
const catalogs = import.meta.glob<Messages>('./messages/*/es.json', { eager: true, import: 'default' })
const contentFiles = import.meta.glob<unknown>('../content/**/es.json', { eager: true, import: 'default' })

export const spanish = {
  messages: Object.assign({}, ...Object.values(catalogs)) as Messages,
  content: {
    ...Object.fromEntries(Object.entries(contentFiles).map(([file, data]) => [file.replace(/^\.\.\/content\//, '').replace(/\/es\.json$/, ''), data])),
    // What src/lib/api-client.ts tells the patient when a request fails (./server-errors.ts).
    'error-words': spanishErrorWords,
  },
}
