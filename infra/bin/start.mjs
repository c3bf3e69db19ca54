// `npm start`: builds the TypeScript projects when a source changed since their last build, then
// runs the launcher (infra/src/launcher/main.ts) in this same process.
//
// `tsc -b` alone would decide the same, but loading the compiler to find that nothing changed cost
// a second or more of every warm start; a look at file times (build-state.mjs) costs milliseconds.
// When in doubt it runs `tsc -b`, which has the last word.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIsCurrent } from './build-state.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

if (!buildIsCurrent(ROOT)) {
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
  const { status } = spawnSync(process.execPath, [tsc, '-b'], { cwd: ROOT, stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}
await import('../dist/launcher/main.js')
