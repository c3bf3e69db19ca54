import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { SERVICE_REGISTRY } from '@hearing/contracts'
import { REPO_ROOT } from '../launcher/paths.js'
import { coverageShortfalls, coverageThresholds } from './coverage.js'
import { failureLines, playwrightFailures, tapFailures, vitestFailures, type PlaywrightReport, type VitestReport } from './failures.js'
import { run, say, stopAllCommands } from './processes.js'
import { lintStage, typesStage, webBuildStage, type StageResult } from './stages.js'
import { startRunStores, type RunStores } from './stores.js'

/**
 * `npm test`: the stages (lint, the tests' types, the web build), every workspace's tap suite against
 * one shared PostgreSQL and Redis (each test makes its own database and its own Redis key prefix, so
 * suites run side by side), the SPA's component tests (Vitest), then the Playwright journeys through
 * the whole stack. The summary gives each stage and suite its own line with its duration, and ends
 * with the plain line "N passed, N failed", which counts tests only: a stage is not a test, but a
 * failed stage fails the run.
 *
 * The web build runs alongside the service suites: only the suites that start the real stack
 * (infra's launcher test and Playwright) wait for it.
 */
const SERVICE_SUITES = ['services/contracts', 'services/kit', ...SERVICE_REGISTRY.map((s) => s.dir), 'gateway']
const STACK_SUITES = ['infra']
/** The SPA's component tests: no database, no stack, no build. */
const WEB_COMPONENTS = 'web components'
const LINT = 'lint'
const TYPES = 'types'
/**
 * The suites that take longest start first, so that no long one starts last and runs alone at the
 * end (the stack's suite waits for the web build in its slot; the CPU meanwhile runs the others).
 */
const LONGEST_FIRST = [...STACK_SUITES, 'services/messaging-sync', WEB_COMPONENTS, 'services/identity', 'services/scheduling']
/** Suites running at once; each runs two tap processes at a time. */
const CONCURRENCY = Number(process.env.TEST_CONCURRENCY ?? Math.max(1, Math.min(3, availableParallelism())))

interface Tally {
  suite: string
  passed: number
  failed: number
  seconds: number
  /** The failed tests' names, for the summary (CI keeps only the end of the output). */
  failures: string[]
}

/** A suite that needs the web build when the build failed. */
const notRun = (suite: string): Tally => ({ suite, passed: 0, failed: 1, seconds: 0, failures: ['not run: the web build failed'] })

/** tap's closing summary reads like `# { total: 12, pass: 11, fail: 1 }`. */
function tapTally(suite: string, output: string, code: number | null, seconds: number): Tally {
  const line = output.match(/^# \{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?[^}]*\}$/m)
  const failures = tapFailures(output)
  if (!line) return { suite, passed: 0, failed: 1, seconds, failures: [...failures, `no summary: tap ended with code ${code}`] } // crashed before reporting: count it as a failure
  const failed = Number(line[3] ?? 0) || (code === 0 ? 0 : Math.max(1, Number(line[1]) - Number(line[2])))
  return { suite, passed: Number(line[2]), failed, seconds, failures }
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

/** Each workspace's suite, and the stages, at most CONCURRENCY at a time; the stack's suites wait for the web build. */
async function unitSuites(env: NodeJS.ProcessEnv, webBuilt: Promise<StageResult>, stages: StageResult[]): Promise<Tally[]> {
  const tap = async (workspace: string): Promise<Tally | undefined> => {
    if (workspace === LINT) return void stages.push(await lintStage())
    if (workspace === TYPES) return void stages.push(await typesStage())
    if (workspace === WEB_COMPONENTS) return webComponentSuite()
    if (STACK_SUITES.includes(workspace) && !(await webBuilt).ok) return notRun(workspace)
    const { code, output, seconds } = await run('npx', ['tap', '--reporter=tap', '--jobs=2'], path.join(REPO_ROOT, workspace), env, workspace)
    const tally = tapTally(workspace, output, code, seconds)
    const shortfalls = coverageShortfalls(output, coverageThresholds(path.join(REPO_ROOT, workspace)))
    for (const line of shortfalls) say(`${workspace}: ${line}`)
    return { ...tally, failed: tally.failed + shortfalls.length, failures: [...tally.failures, ...shortfalls.map((l) => `coverage: ${l}`)] }
  }
  const rank = (suite: string) => (LONGEST_FIRST.includes(suite) ? LONGEST_FIRST.indexOf(suite) : LONGEST_FIRST.length)
  const suites = [...STACK_SUITES, ...SERVICE_SUITES, WEB_COMPONENTS, LINT, TYPES].sort((a, b) => rank(a) - rank(b))
  const tallies = await pool(suites, CONCURRENCY, tap)
  return tallies.filter((t): t is Tally => t !== undefined)
}

/** Vitest in web, tallied from its JSON report (numPassedTests / numFailedTests). */
async function webComponentSuite(): Promise<Tally> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'hc-vitest-'))
  const report = path.join(reportDir, 'report.json')
  try {
    const { code, seconds } = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], path.join(REPO_ROOT, 'web'), { ...process.env, CI: '1', NO_COLOR: '1' }, WEB_COMPONENTS)
    try {
      const stats = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; success: boolean } & VitestReport
      // A run that failed outside any test (a file that does not load) counts as one failure.
      const failures = vitestFailures(stats, path.join(REPO_ROOT, 'web'))
      return { suite: WEB_COMPONENTS, passed: stats.numPassedTests, failed: stats.numFailedTests || (code === 0 ? 0 : 1), seconds, failures }
    } catch {
      return { suite: WEB_COMPONENTS, passed: 0, failed: 1, seconds, failures: [`no report: Vitest ended with code ${code}`] }
    }
  } finally {
    rmSync(reportDir, { recursive: true, force: true })
  }
}

async function e2eSuite(): Promise<Tally> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'hc-pw-'))
  const report = path.join(reportDir, 'report.json')
  try {
    const { code, seconds } = await run('npx', ['playwright', 'test', '-c', 'infra/playwright.config.ts', '--reporter=list,json'], REPO_ROOT, { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report }, 'Playwright (Chromium)', 'SIGINT') // on SIGTERM it would leave its web servers (the stack) running
    try {
      const parsed = JSON.parse(readFileSync(report, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } } & PlaywrightReport
      const { stats } = parsed
      return { suite: 'playwright', passed: stats.expected + stats.flaky, failed: stats.unexpected + (code === 0 ? 0 : stats.unexpected ? 0 : 1), seconds, failures: playwrightFailures(parsed) }
    } catch {
      return { suite: 'playwright', passed: 0, failed: 1, seconds, failures: [`no report: Playwright ended with code ${code}`] }
    }
  } finally {
    rmSync(reportDir, { recursive: true, force: true })
  }
}

let storesStarting: Promise<RunStores> | undefined

async function main() {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
  const started = Date.now()
  const stages: StageResult[] = []
  const webBuilt = webBuildStage().then((result) => (stages.push(result), result))

  const tallies: Tally[] = []
  if (only !== 'e2e') {
    const storesStarted = Date.now()
    const stores = await (storesStarting = startRunStores(process.env))
    stages.push({ stage: 'test stores', ok: true, seconds: (Date.now() - storesStarted) / 1000, note: 'PostgreSQL and Redis for the run' })
    const env: NodeJS.ProcessEnv = { ...process.env, TESTCONTAINERS: process.env.TESTCONTAINERS ?? '0', ...stores.env }
    try {
      tallies.push(...(await unitSuites(env, webBuilt, stages)))
    } finally {
      await stores.stop()
    }
  }
  // The journeys after the suites, not beside them: run side by side on 2 cores, the suites took
  // 3 to 6 times as long (web components 102 s -> 665 s) and the whole run was slower.
  if (only !== 'unit') {
    if ((await webBuilt).ok) tallies.push(await e2eSuite())
    else tallies.push(notRun('playwright'))
  }
  await webBuilt

  say('\n=== Summary ===')
  for (const s of stages) say(`${s.stage.padEnd(26)} ${s.ok ? 'ok    ' : 'FAILED'} ${s.note}  (${s.seconds.toFixed(0)} s)`)
  for (const t of tallies) say(`${t.suite.padEnd(26)} ${t.passed} passed, ${t.failed} failed  (${t.seconds.toFixed(0)} s)`)
  const passed = tallies.reduce((n, t) => n + t.passed, 0)
  const failed = tallies.reduce((n, t) => n + t.failed, 0)
  const failedStages = stages.filter((s) => !s.ok).map((s) => s.stage)
  say(`(${((Date.now() - started) / 1000).toFixed(0)} s)`)
  if (failedStages.length) say(`failed stages: ${failedStages.join(', ')}`)
  const named = tallies.flatMap((t) => failureLines(t.suite, t.failures))
  if (named.length) say(`failed tests:\n${named.join('\n')}`)
  say(`${passed} passed, ${failed} failed`)
  process.exit(failed === 0 && failedStages.length === 0 ? 0 : 1)
}

/** Stopped from outside (a timeout's SIGTERM, Ctrl-C): end the suites, then the run's stores. */
async function interrupted(signal: NodeJS.Signals) {
  say(`\n${signal} received: stopping the test run...`)
  await stopAllCommands()
  // Stores still starting are waited for, so that none is left running unrecorded.
  const stores = await storesStarting?.catch(() => undefined)
  await stores?.stop().catch(() => {})
  process.exit(signal === 'SIGINT' ? 130 : 143)
}
process.once('SIGINT', () => void interrupted('SIGINT'))
process.once('SIGTERM', () => void interrupted('SIGTERM'))

main().catch((err: unknown) => {
  say(`test run aborted: ${err instanceof Error ? err.message : String(err)}`)
  say('0 passed, 1 failed')
  process.exit(1) // the stores were stopped on the way out (main's finally, or startRunStores itself)
})
