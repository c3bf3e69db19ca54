import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { runCommand } from '../command.js'
import { REPO_ROOT } from './paths.js'

const WEB = path.join(REPO_ROOT, 'web')
const INPUTS = ['src', 'public', 'scripts', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json']

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0
  const stat = statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(p).reduce((max, entry) => Math.max(max, newestMtime(path.join(p, entry))), stat.mtimeMs)
}

/** True when the SPA was never built or a source is newer than the build. */
export function webBuildIsStale(): boolean {
  // pages.json is the build's last output (after Vite and the pre-rendering step): a build that
  // stopped half-way counts as stale.
  const built = path.join(WEB, 'dist', 'pages.json')
  if (!existsSync(built)) return true
  const builtAt = statSync(built).mtimeMs
  return INPUTS.some((input) => newestMtime(path.join(WEB, input)) > builtAt)
}

/**
 * The site's files only: the type check of `npm run build -w web` (what the tests and the image
 * run) is no condition for starting, and was half of a first start's web build (about 15 s).
 */
export async function buildWeb(): Promise<void> {
  await runCommand('npm', ['run', 'build:site', '--silent', '-w', 'web'], { cwd: REPO_ROOT, label: 'web build' })
}

export const WEB_DIST_DIR = path.join(WEB, 'dist')
