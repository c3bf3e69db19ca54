/**
 * Services keep service-to-service routes under /internal, and their OpenAPI document at
 * /openapi.json (for engineers and the CI fuzzer on the services' own ports); the gateway must never
 * let a client reach them. A plain prefix check on the raw URL is not enough, because the services' router
 * decodes percent-escapes (/%69nternal), and dot segments, doubled slashes, backslashes and encoded
 * separators all have more than one reading. So the path is decoded and normalised first; anything
 * that lands on /api/<service>/internal is refused, and so is any path that is not already in
 * its plain form (our SPA never sends one), so that the upstream sees exactly what was checked.
 */

export type PathVerdict = 'ok' | 'internal' | 'malformed'

const ENCODED_SEPARATOR = /%(2f|5c)/i
/** First path segments after /api/<service> that belong to the services alone (compared in lower case). */
const SERVICE_ONLY = new Set(['internal', 'openapi.json'])
const MAX_DECODE_ROUNDS = 3

/**
 * A path with nothing to decode or resolve: no percent-escape, no backslash, no empty, "." or ".."
 * segment (a trailing slash aside). Nearly every request is one; it is judged without decoding.
 */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))[^/%\\]+)*\/?$/

export function classifyApiPath(path: string): PathVerdict {
  if (PLAIN_PATH.test(path)) {
    const [, first, , third] = path.split('/', 4)
    return first === 'api' && SERVICE_ONLY.has(third?.split(';')[0]?.toLowerCase() ?? '') ? 'internal' : 'ok'
  }
  const decoded = decodeFully(path)
  if (decoded === null) return 'malformed'
  const segments = decoded.replaceAll('\\', '/').split('/').slice(1)
  const resolved: string[] = []
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') resolved.pop()
    else resolved.push(segment)
  }
  // /api/<service>/internal... or /api/<service>/openapi.json, ignoring case and ;parameters
  if (resolved[0] === 'api' && SERVICE_ONLY.has(resolved[2]?.split(';')[0]?.toLowerCase() ?? '')) return 'internal'

  const plain =
    !ENCODED_SEPARATOR.test(path) &&
    !decoded.includes('\\') &&
    segments.every((s, i) => (s !== '' || i === segments.length - 1) && s !== '.' && s !== '..')
  return plain ? 'ok' : 'malformed'
}

/**
 * Percent-decodes until nothing changes, so double encoding hides nothing. null when the path does
 * not decode at all (the upstream could not read it either) or is still changing after a few rounds.
 * A later round that fails (a literal "%" that was sent as %25) just ends the decoding.
 */
function decodeFully(path: string): string | null {
  let current = path
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return round === 0 ? null : current
    }
    if (next === current) return current
    current = next
  }
  return null
}
