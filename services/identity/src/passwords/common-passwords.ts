import { readFileSync } from 'node:fs'

/** The data file (src/ and dist/ sit at the same depth, so one relative path serves both). */
const LIST_FILE = new URL('../../data/common-passwords.txt', import.meta.url)

/** The bundled list of common passwords, most common first; `#` lines are its attribution. */
export function loadCommonPasswords(): string[] {
  return readFileSync(LIST_FILE, 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
}
