import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from '../launcher/paths.js'
import { run, say } from './processes.js'

/**
 * The checks that are not tests: each is one line of the summary (passed or failed, and its time),
 * never a count in "N passed, N failed"; a failed stage still fails the run.
 */
export interface StageResult {
  stage: string
  ok: boolean
  seconds: number
  /** What it covered or what went wrong, in a few words. */
  note: string
}

/**
 * The SPA's production build (and pre-rendering), needed by the stages that start the real stack.
 * Without its type check, which the types stage runs beside the suites: the journeys wait for this.
 */
export async function webBuildStage(): Promise<StageResult> {
  const { code, seconds } = await run('npm', ['run', 'build:site', '--silent', '-w', 'web'], REPO_ROOT, process.env, 'web build')
  return { stage: 'web build', ok: code === 0, seconds, note: code === 0 ? 'built and pre-rendered' : `exit ${code}` }
}

/** ESLint over the repository (eslint.config.js); each problem printed as `file:line`. */
export async function lintStage(): Promise<StageResult> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'hc-lint-'))
  const report = path.join(reportDir, 'report.json')
  try {
    const { code, seconds } = await run('npx', ['eslint', '.', '--format=json', `--output-file=${report}`], REPO_ROOT, process.env, 'lint')
    try {
      type Problem = { line: number; ruleId: string | null; message: string; severity: number }
      const files = JSON.parse(readFileSync(report, 'utf8')) as Array<{ filePath: string; errorCount: number; messages: Problem[] }>
      for (const file of files) {
        for (const m of file.messages) say(`${path.relative(REPO_ROOT, file.filePath)}:${m.line} ${m.severity === 2 ? 'error' : 'warning'} ${m.message} (${m.ruleId ?? 'parse'})`)
      }
      const failing = files.filter((f) => f.errorCount > 0).length
      const ok = failing === 0 && code === 0
      return { stage: 'lint', ok, seconds, note: ok ? `${files.length} files clean` : `${failing} of ${files.length} files with errors` }
    } catch {
      return { stage: 'lint', ok: false, seconds, note: `no report (exit ${code})` }
    }
  } finally {
    rmSync(reportDir, { recursive: true, force: true })
  }
}

/**
 * The tests type-checked against their sources: one incremental `tsc -b` over every workspace's
 * tsconfig.test.json (tsconfig.test.json at the root), after `npm test`'s `tsc -b` built the sources;
 * then the SPA with its tests (web/tsconfig.json, which the web build stage leaves out).
 */
export async function typesStage(): Promise<StageResult> {
  const workspaces = await run('npx', ['tsc', '-b', 'tsconfig.test.json', '--pretty', 'false'], REPO_ROOT, process.env, 'test types')
  const web = await run('npx', ['tsc', '-p', 'web', '--noEmit', '--pretty', 'false'], REPO_ROOT, process.env, 'web types')
  const errors = (workspaces.output + web.output).match(/error TS\d+/g)?.length ?? 0
  const ok = workspaces.code === 0 && web.code === 0
  const seconds = workspaces.seconds + web.seconds
  return { stage: 'types', ok, seconds, note: ok ? "every workspace's tests and the web app type-check" : `${errors || 'some'} type error(s)` }
}
