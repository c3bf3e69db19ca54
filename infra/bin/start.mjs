// `npm start`: builds the TypeScript projects when a source changed since their last build, then
// runs the launcher (infra/src/launcher/main.ts) in this same process.
//
// `tsc -b` alone would decide the same, but loading the compiler to find that nothing changed cost
// a second or more of every warm start; a look at file times (build-state.mjs) costs milliseconds.
// When in doubt it runs `tsc -b`, which has the last word.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIsCurrent } from './build-state.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')

const running = new Set()

/** Runs a build step to its end; a failed one stops the others and ends `npm start` with its output shown. */
function step(label, cmd, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    running.add(child)
    let output = ''
    child.stdout?.on('data', (d) => (output += d))
    child.stderr?.on('data', (d) => (output += d))
    child.once('exit', (code) => {
      running.delete(child)
      if (code === 0) return resolve()
      for (const other of running) other.kill('SIGTERM')
      process.stderr.write(`${label} failed (${code ?? 'killed'})${output ? `:\n${output}` : ''}\n`)
      process.exit(code || 1)
    })
  })
}

if (!buildIsCurrent(ROOT)) {
  // A first start (the site never built) builds the site while tsc builds the services: each keeps
  // one core busy, which took a fresh clone's start from about 37 s to about 32 s on 2 cores. The
  // site's build config imports @hearing/contracts by its package name, so that is built first.
  // Later starts leave the site to the launcher, which rebuilds it when its sources changed.
  const siteNeverBuilt = !existsSync(path.join(ROOT, 'web', 'dist', 'pages.json'))
  if (siteNeverBuilt) {
    await step('TypeScript build of @hearing/contracts', process.execPath, [TSC, '-b', 'services/contracts'])
    process.stdout.write('Building the web app...\n')
  }
  await Promise.all([
    step('TypeScript build', process.execPath, [TSC, '-b']),
    siteNeverBuilt && step('web build', 'npm', ['run', 'build:site', '--silent', '-w', 'web'], { quiet: true }),
  ])
}
await import('../dist/launcher/main.js')
