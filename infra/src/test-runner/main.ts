import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { SERVICE_REGISTRY } from '@hearing/contracts'
import { REPO_ROOT } from '../launcher/paths.js'
import { freePort } from '../net.js'
import { startTemporaryPostgres } from '../postgres/index.js'
import { startTestRedis } from '../redis-server.js'
import { coverageShortfalls, coverageThresholds } from './coverage.js'

/**
 * `npm test`: every workspace's tap suite against one shared PostgreSQL and Redis (each test makes
 * its own database and its own Redis key prefix, so suites run side by side), the SPA's component
 * tests (Vitest), then the Playwright journeys through the whole stack. Ends with the plain line
 * "N passed, N failed".
 *
 * The web build runs alongside the service suites: only the stages that start the real stack
 * (infra's launcher test and Playwright) wait for it.
 */
const SERVICE_SUITES = ['services/kit', ...SERVICE_REGISTRY.map((s) => s.dir), 'gateway']
const STACK_SUITES = ['infra']
/** The SPA's component tests: no database, no stack, no build. */
const WEB_COMPONENTS = 'web components'
const LINT = 'lint'
/** The tests type-checked with their sources (each workspace's tsconfig.test.json; `tsc -b` builds src only). */
const TYPES = 'test types'
/** Suites running at once; each runs two test files at a time. */
const CONCURRENCY = Number(process.env.TEST_CONCURRENCY ?? Math.max(1, Math.min(3, availableParallelism())))

interface Tally {
  suite: string
  passed: number
  failed: number
  seconds: number
}

const say = (line: string) => process.stdout.write(`${line}\n`)

/** Runs a command and hands back its output; printed as one block when it ends, so suites running side by side stay readable. */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, title: string): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const collect = (chunk: Buffer) => (output += chunk.toString())
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.once('exit', (code) => {
      const seconds = (Date.now() - started) / 1000
      say(`\n=== ${title} (${seconds.toFixed(0)} s) ===\n${output.trimEnd()}`)
      resolve({ code, output, seconds })
    })
  })
}

/** tap's closing summary reads like `# { total: 12, pass: 11, fail: 1 }`. */
function tapTally(suite: string, output: string, code: number | null, seconds: number): Tally {
  const line = output.match(/^# \{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?[^}]*\}$/m)
  if (!line) return { suite, passed: 0, failed: 1, seconds } // crashed before reporting: count it as a failure
  const failed = Number(line[3] ?? 0) || (code === 0 ? 0 : Math.max(1, Number(line[1]) - Number(line[2])))
  return { suite, passed: Number(line[2]), failed, seconds }
}

/** Runs the tasks, at most `limit` at a time, and keeps their order in the result. */
async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await task(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

async function webBuild(): Promise<void> {
  const web = await run('npm', ['run', 'build', '--silent', '-w', 'web'], REPO_ROOT, process.env, 'web build')
  if (web.code !== 0) throw new Error('web build failed')
}

async function unitSuites(webBuilt: Promise<void>): Promise<Tally[]> {
  const env: NodeJS.ProcessEnv = { ...process.env, TESTCONTAINERS: process.env.TESTCONTAINERS ?? '0' }
  const cleanup: Array<() => Promise<void>> = []
  if (!env.TEST_DATABASE_URL) {
    const pg = await startTemporaryPostgres(await freePort())
    cleanup.push(pg.stop)
    env.TEST_DATABASE_URL = pg.url
  }
  if (!env.TEST_REDIS_URL) {
    const redis = await startTestRedis(await freePort())
    cleanup.push(redis.stop)
    env.TEST_REDIS_URL = redis.url
  }
  const tap = async (workspace: string) => {
    if (workspace === WEB_COMPONENTS) return webComponentSuite()
    if (workspace === LINT) return lintSuite()
    if (workspace === TYPES) return typesSuite()
    if (STACK_SUITES.includes(workspace)) await webBuilt
    const { code, output, seconds } = await run('npx', ['tap', '--reporter=tap', '--jobs=2'], path.join(REPO_ROOT, workspace), env, workspace)
    const tally = tapTally(workspace, output, code, seconds)
    const shortfalls = coverageShortfalls(output, coverageThresholds(path.join(REPO_ROOT, workspace)))
    for (const line of shortfalls) say(`${workspace}: ${line}`)
    return { ...tally, failed: tally.failed + shortfalls.length }
  }
  try {
    return await pool([LINT, TYPES, ...SERVICE_SUITES, WEB_COMPONENTS, ...STACK_SUITES], CONCURRENCY, tap)
  } finally {
    for (const stop of cleanup.reverse()) await stop().catch(() => {})
  }
}

/** Vitest in web, tallied from its JSON report (numPassedTests / numFailedTests). */
async function webComponentSuite(): Promise<Tally> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'hc-vitest-'))
  const report = path.join(reportDir, 'report.json')
  try {
    const { code, seconds } = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], path.join(REPO_ROOT, 'web'), { ...process.env, CI: '1', NO_COLOR: '1' }, WEB_COMPONENTS)
    try {
      const stats = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; success: boolean }
      // A run that failed outside any test (a file that does not load) counts as one failure.
      return { suite: WEB_COMPONENTS, passed: stats.numPassedTests, failed: stats.numFailedTests || (code === 0 ? 0 : 1), seconds }
    } catch {
      return { suite: WEB_COMPONENTS, passed: 0, failed: 1, seconds }
    }
  } finally {
    rmSync(reportDir, { recursive: true, force: true })
  }
}

/** ESLint over the repository (eslint.config.js): each file without an error passes, each file with one fails. */
async function lintSuite(): Promise<Tally> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'hc-lint-'))
  const report = path.join(reportDir, 'report.json')
  try {
    const { code, seconds } = await run('npx', ['eslint', '.', '--format=json', `--output-file=${report}`], REPO_ROOT, process.env, LINT)
    try {
      type Problem = { line: number; ruleId: string | null; message: string; severity: number }
      const files = JSON.parse(readFileSync(report, 'utf8')) as Array<{ filePath: string; errorCount: number; messages: Problem[] }>
      for (const file of files) {
        for (const m of file.messages) say(`${path.relative(REPO_ROOT, file.filePath)}:${m.line} ${m.severity === 2 ? 'error' : 'warning'} ${m.message} (${m.ruleId ?? 'parse'})`)
      }
      const failed = files.filter((f) => f.errorCount > 0).length
      return { suite: LINT, passed: files.length - failed, failed: failed || (code === 0 ? 0 : 1), seconds }
    } catch {
      return { suite: LINT, passed: 0, failed: 1, seconds }
    }
  } finally {
    rmSync(reportDir, { recursive: true, force: true })
  }
}

/** tsc over each workspace's tests: a workspace whose tests and sources type-check passes. */
async function typesSuite(): Promise<Tally> {
  const started = Date.now()
  let passed = 0
  let failed = 0
  for (const workspace of [...SERVICE_SUITES, ...STACK_SUITES]) {
    // Printed by run(): the errors, if any.
    const { code } = await run('npx', ['tsc', '-p', 'tsconfig.test.json'], path.join(REPO_ROOT, workspace), process.env, `${TYPES}: ${workspace}`)
    if (code === 0) passed++
    else failed++
  }
  return { suite: TYPES, passed, failed, seconds: (Date.now() - started) / 1000 }
}

async function e2eSuite(): Promise<Tally> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'hc-pw-'))
  const report = path.join(reportDir, 'report.json')
  try {
    const { code, seconds } = await run('npx', ['playwright', 'test', '-c', 'infra/playwright.config.ts', '--reporter=list,json'], REPO_ROOT, { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report }, 'Playwright (Chromium)')
    try {
      const stats = (JSON.parse(readFileSync(report, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }).stats
      return { suite: 'playwright', passed: stats.expected + stats.flaky, failed: stats.unexpected + (code === 0 ? 0 : stats.unexpected ? 0 : 1), seconds }
    } catch {
      return { suite: 'playwright', passed: 0, failed: 1, seconds }
    }
  } finally {
    rmSync(reportDir, { recursive: true, force: true })
  }
}

async function main() {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
  const started = Date.now()
  const webBuilt = webBuild()
  webBuilt.catch(() => {}) // awaited by the stages that need it

  const tallies: Tally[] = []
  if (only !== 'e2e') tallies.push(...(await unitSuites(webBuilt)))
  if (only !== 'unit') {
    await webBuilt
    tallies.push(await e2eSuite())
  }

  say('\n=== Summary ===')
  for (const t of tallies) say(`${t.suite.padEnd(26)} ${t.passed} passed, ${t.failed} failed  (${t.seconds.toFixed(0)} s)`)
  const passed = tallies.reduce((n, t) => n + t.passed, 0)
  const failed = tallies.reduce((n, t) => n + t.failed, 0)
  say(`(${((Date.now() - started) / 1000).toFixed(0)} s)`)
  say(`${passed} passed, ${failed} failed`)
  process.exit(failed === 0 ? 0 : 1)
}

main().catch((err: unknown) => {
  say(`test run aborted: ${err instanceof Error ? err.message : String(err)}`)
  say('0 passed, 1 failed')
  process.exit(1)
})
