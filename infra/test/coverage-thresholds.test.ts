import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { coverageShortfalls, coverageThresholds } from '../src/test-runner/coverage.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const summary = `
=============================== Coverage summary ===============================
Statements   : 98.91% ( 2192/2216 )
Branches     : 86.68% ( 397/458 )
Functions    : 92.98% ( 106/114 )
Lines        : 98.91% ( 2192/2216 )
`

t.test("npm test fails a workspace whose coverage falls below its package.json's thresholds", async (t) => {
  t.same(coverageShortfalls(summary, { statements: 98, branches: 86, functions: 92, lines: 98 }), [], 'at or above every threshold: nothing to say')
  t.same(coverageShortfalls(summary, { statements: 98, branches: 90 }), ['branches coverage 86.68% is below its threshold of 90% (package.json coverageThresholds)'])
  t.same(coverageShortfalls('tap crashed before the summary', { lines: 50 }), ['no lines coverage reported (threshold 50%)'], 'a missing summary is a shortfall too')
})

t.test('every tap workspace keeps coverage thresholds', async (t) => {
  const workspaces = ['gateway', 'infra', ...readdirSync(path.join(ROOT, 'services')).filter((d) => d !== 'contracts').map((d) => `services/${d}`)]
  for (const ws of workspaces) {
    const thresholds = coverageThresholds(path.join(ROOT, ws))
    t.same(Object.keys(thresholds).sort(), ['branches', 'functions', 'lines', 'statements'], `${ws}: a threshold for each measure`)
  }
})
