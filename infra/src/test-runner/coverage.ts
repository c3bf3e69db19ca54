import { readFileSync } from 'node:fs'
import path from 'node:path'

const COVERAGE_METRICS = ['statements', 'branches', 'functions', 'lines'] as const
type CoverageThresholds = Partial<Record<(typeof COVERAGE_METRICS)[number], number>>

/**
 * tap knows only "100 % or nothing" (hence allow-incomplete-coverage in each package.json); the
 * percentages a workspace must keep are its package.json's `coverageThresholds`.
 */
export function coverageThresholds(workspaceDir: string): CoverageThresholds {
  const pkg = JSON.parse(readFileSync(path.join(workspaceDir, 'package.json'), 'utf8')) as { coverageThresholds?: CoverageThresholds }
  return pkg.coverageThresholds ?? {}
}

/** What falls short in tap's coverage summary (`Branches     : 86.68% ( 397/458 )`), one line each. */
export function coverageShortfalls(output: string, thresholds: CoverageThresholds): string[] {
  const shortfalls: string[] = []
  for (const metric of COVERAGE_METRICS) {
    const wanted = thresholds[metric]
    if (wanted === undefined) continue
    const found = output.match(new RegExp(`^${metric}\\s*:\\s*([\\d.]+)%`, 'im'))
    if (!found) shortfalls.push(`no ${metric} coverage reported (threshold ${wanted}%)`)
    else if (Number(found[1]) < wanted) shortfalls.push(`${metric} coverage ${found[1]}% is below its threshold of ${wanted}% (package.json coverageThresholds)`)
  }
  return shortfalls
}
