import { unstorableText } from '@hearing/contracts'

// The rules for one field of typed text are @hearing/contracts' (typed-text.ts); this walks a whole request.

/** The first unstorable string in parsed input (keys included), as `part.path: reason`. */
export function findUnstorableText(data: unknown, part: string, depth = 0): string | undefined {
  if (typeof data === 'string') {
    const problem = unstorableText(data)
    return problem ? `${part}: ${problem}` : undefined
  }
  // Bytes (a body read as a Buffer, the gateway's) are not text: walking them would visit every byte.
  if (data === null || typeof data !== 'object' || depth > 32 || ArrayBuffer.isView(data)) return undefined
  for (const [key, value] of Object.entries(data)) {
    const where = `${part}.${key}`
    const keyProblem = unstorableText(key)
    if (keyProblem) return `${part}: a field name ${keyProblem}`
    const found = findUnstorableText(value, where, depth + 1)
    if (found) return found
  }
  return undefined
}
