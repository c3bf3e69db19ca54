// Whether the TypeScript build is current, told from file times alone: for `npm start` (start.mjs),
// which would otherwise load the compiler (`tsc -b`) on every start only to find nothing to do.
// Plain JavaScript, so it runs before anything is built.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** The config every project extends. Like tsc -b, package files are not inputs (tsc would not rebuild for them). */
const SHARED_INPUTS = ['tsconfig.base.json']

/** The newest modification time under `p` (directories count too: a deleted file changes its directory's). */
function newestMtime(p) {
  if (!existsSync(p)) return 0
  const stat = statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(p).reduce((max, entry) => Math.max(max, newestMtime(path.join(p, entry))), stat.mtimeMs)
}

/**
 * True when every project of `root`'s tsconfig.json was built (its tsconfig.tsbuildinfo written, its
 * dist there) after its sources, its config and the shared config last changed: the times tsc -b
 * compares too (it updates a build record's time when it finds a newer file unchanged). False when
 * in doubt: `tsc -b` then decides.
 */
export function buildIsCurrent(root) {
  let projects
  try {
    projects = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')).references.map((r) => path.join(root, r.path))
  } catch {
    return false
  }
  const shared = Math.max(...SHARED_INPUTS.map((file) => newestMtime(path.join(root, file))))
  return projects.every((dir) => {
    const record = path.join(dir, 'tsconfig.tsbuildinfo')
    if (!existsSync(record) || !existsSync(path.join(dir, 'dist'))) return false
    const inputs = Math.max(shared, newestMtime(path.join(dir, 'src')), newestMtime(path.join(dir, 'tsconfig.json')))
    return inputs <= statSync(record).mtimeMs
  })
}
