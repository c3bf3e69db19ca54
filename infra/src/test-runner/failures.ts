/**
 * The names of the tests that failed, read from each tool's report, for the run's summary. CI
 * keeps only the end of a run's output: without them a failure there says how many, not which.
 */

/** At most this many names per suite: a suite that fails everywhere names the first ones. */
export const MAX_NAMED = 15

const NOT_OK = /^( *)not ok \d+ - (.*?)(?: # .*)?$/
const SUBTEST = /^( *)# Subtest: (.*)$/
const DIAGNOSTIC = /^ +(?:message|error): (.+)$/

/**
 * tap's TAP output: every failed assertion (or a test that failed without one: a throw, a timeout)
 * as "file › test › assertion", with the diagnostic's message when it has one. A subtest's own
 * "not ok" that only repeats its children's failures is not named again.
 */
export function tapFailures(output: string): string[] {
  const lines = output.split('\n')
  const path: string[] = [] // the open subtests, by depth
  const childFailed: boolean[] = [] // whether a failure was named inside the subtest at depth d
  const named: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const subtest = SUBTEST.exec(line)
    if (subtest) {
      const depth = subtest[1]!.length / 4
      path.length = depth
      path[depth] = subtest[2]!
      childFailed.length = depth + 1 // its own children start afresh
      continue
    }
    const failure = NOT_OK.exec(line)
    if (!failure) continue
    const depth = failure[1]!.length / 4
    if (childFailed[depth + 1]) {
      childFailed[depth + 1] = false
      childFailed[depth] = true
      continue
    }
    childFailed[depth] = true
    // A message that only repeats the assertion's name (tap's "timeout!") is not said twice.
    const message = diagnosticMessage(lines, i + 1)
    named.push([...path.slice(0, depth), failure[2]!].join(' › ') + (message && message !== failure[2] ? `: ${message}` : ''))
  }
  return named
}

/** The `message:` of the YAML block that follows a "not ok" line at `from`, if it has one. */
function diagnosticMessage(lines: string[], from: number): string | undefined {
  if (!/^ +---$/.test(lines[from] ?? '')) return undefined
  for (let i = from + 1; i < lines.length && !/^ +\.\.\.$/.test(lines[i]!); i++) {
    const message = DIAGNOSTIC.exec(lines[i]!)?.[1]
    if (message) return message.replace(/^['"]|['"]$/g, '')
  }
  return undefined
}

export interface VitestReport {
  testResults?: Array<{ name: string; status: string; message?: string; assertionResults?: Array<{ fullName: string; status: string }> }>
}

/** Vitest's JSON report: failed tests as "file › test"; a file that failed outside any test, with its message. */
export function vitestFailures(report: VitestReport, root: string): string[] {
  return (report.testResults ?? []).flatMap((file) => {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').map((t) => `${name} › ${t.fullName}`)
    if (tests.length > 0 || file.status !== 'failed') return tests
    return [`${name}: ${(file.message ?? 'failed to run').split('\n')[0]}`]
  })
}

interface PlaywrightSuite {
  title: string
  specs?: Array<{ title: string; ok: boolean; file: string; line: number; tests?: Array<{ projectName: string; status: string }> }>
  suites?: PlaywrightSuite[]
}
export interface PlaywrightReport {
  suites?: PlaywrightSuite[]
  errors?: Array<{ message?: string }>
}

/**
 * Playwright's JSON report: each failed journey as "file:line › describe › title [project]", and
 * errors outside any journey (a web server that did not start).
 */
export function playwrightFailures(report: PlaywrightReport): string[] {
  const named: string[] = []
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') named.push([`${spec.file}:${spec.line}`, ...titles, spec.title].join(' › ') + ` [${test.projectName}]`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  // A top-level suite is a file, named by the spec's file:line already.
  for (const file of report.suites ?? []) walk(file, [])
  for (const error of report.errors ?? []) named.push(`outside any journey: ${(error.message ?? '').split('\n')[0]}`)
  return named
}

/** The summary's lines naming a suite's failures, at most MAX_NAMED. */
export function failureLines(suite: string, failures: readonly string[]): string[] {
  const shown = failures.slice(0, MAX_NAMED).map((f) => `  ${suite}: ${f}`)
  if (failures.length > MAX_NAMED) shown.push(`  ${suite}: ... and ${failures.length - MAX_NAMED} more (its block above names them all)`)
  return shown
}
