import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from '../launcher/paths.js'
import { freePort } from '../net.js'
import { startTemporaryPostgres } from '../postgres/index.js'
import { startTestRedis } from '../redis-server.js'

/**
 * `npm test`: every workspace's tap suite against one shared PostgreSQL and Redis (each test makes
 * its own database), then the Playwright journeys through the whole stack. Ends with the plain line
 * "N passed, N failed".
 */
const WORKSPACES = ['services/kit', 'services/identity', 'services/scheduling', 'services/messaging-sync', 'services/catalogue', 'services/content', 'gateway', 'infra']

interface Tally {
  suite: string
  passed: number
  failed: number
}

const say = (line: string) => process.stdout.write(`${line}\n`)

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const relay = (chunk: Buffer) => {
      output += chunk.toString()
      process.stdout.write(chunk)
    }
    child.stdout.on('data', relay)
    child.stderr.on('data', relay)
    child.once('exit', (code) => resolve({ code, output }))
  })
}

/** tap's closing summary reads like `# { total: 12, pass: 11, fail: 1 }`. */
function tapTally(suite: string, output: string, code: number | null): Tally {
  const line = output.match(/^# \{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?[^}]*\}$/m)
  if (!line) return { suite, passed: 0, failed: 1 } // crashed before reporting: count it as a failure
  const failed = Number(line[3] ?? 0) || (code === 0 ? 0 : Math.max(1, Number(line[1]) - Number(line[2])))
  return { suite, passed: Number(line[2]), failed }
}

async function unitSuites(): Promise<Tally[]> {
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
  const tallies: Tally[] = []
  try {
    for (const workspace of WORKSPACES) {
      say(`\n=== ${workspace} ===`)
      const { code, output } = await run('npx', ['tap', '--reporter=tap', '--jobs=2'], path.join(REPO_ROOT, workspace), env)
      tallies.push(tapTally(workspace, output, code))
    }
  } finally {
    for (const stop of cleanup.reverse()) await stop().catch(() => {})
  }
  return tallies
}

async function e2eSuite(): Promise<Tally> {
  say('\n=== Playwright (Chromium) ===')
  const reportDir = mkdtempSync(path.join(tmpdir(), 'hc-pw-'))
  const report = path.join(reportDir, 'report.json')
  try {
    const { code } = await run('npx', ['playwright', 'test', '-c', 'infra/playwright.config.ts', '--reporter=list,json'], REPO_ROOT, {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    })
    try {
      const stats = (JSON.parse(readFileSync(report, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }).stats
      return { suite: 'playwright', passed: stats.expected + stats.flaky, failed: stats.unexpected + (code === 0 ? 0 : stats.unexpected ? 0 : 1) }
    } catch {
      return { suite: 'playwright', passed: 0, failed: 1 }
    }
  } finally {
    rmSync(reportDir, { recursive: true, force: true })
  }
}

async function main() {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
  const started = Date.now()
  say('Building the web app...')
  const web = await run('npm', ['run', 'build', '--silent', '-w', 'web'], REPO_ROOT, process.env)
  if (web.code !== 0) throw new Error('web build failed')

  const tallies: Tally[] = []
  if (only !== 'e2e') tallies.push(...(await unitSuites()))
  if (only !== 'unit') tallies.push(await e2eSuite())

  say('\n=== Summary ===')
  for (const t of tallies) say(`${t.suite.padEnd(26)} ${t.passed} passed, ${t.failed} failed`)
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
