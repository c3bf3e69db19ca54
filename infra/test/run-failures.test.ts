import t from 'tap'
import { failureLines, MAX_NAMED, playwrightFailures, tapFailures, vitestFailures } from '../src/test-runner/failures.js'

/** What `tap --reporter=tap` printed for a file with a failed nested assertion, a throw and a failed top-level assertion (YAML trimmed). */
const TAP_OUTPUT = `TAP version 14
1..2
# Subtest: test/a.test.ts
    # Subtest: outer
        # Subtest: inner
            not ok 1 - one is two
              ---
              compare: ===
              at:
                lineNumber: 3
              ...
            
            ok 2 - fine
            1..2
        not ok 1 - inner # time=84.062ms
          ---
          at:
            lineNumber: 3
          ...
        
        ok 2 - should be equal
        1..2
    not ok 1 - outer # time=98.553ms
    # Subtest: throws
        not ok 1 - boom here
          ---
          stack: |
            Test.<anonymous> (test/a.test.ts:6:38)
          tapCaught: returnedPromiseRejection
          ...
        1..1
    not ok 2 - throws # time=16.747ms
    # Subtest: times out
        not ok 1 - timeout!
          ---
          expired: times out
          message: timeout!
          ...
        1..1
    not ok 3 - times out # time=30000ms
    not ok 4 - top-level assert
    1..4
not ok 1 - test/a.test.ts # time=146.246ms
# Subtest: test/b.test.ts
    ok 1 - fine # time=3ms
    1..1
ok 2 - test/b.test.ts # time=12ms
# { total: 7, pass: 2, fail: 4 }
`

t.test('tap: each failure once, by file, test and assertion, with the message when the diagnostic has one', async (t) => {
  t.same(tapFailures(TAP_OUTPUT), [
    'test/a.test.ts › outer › inner › one is two',
    'test/a.test.ts › throws › boom here',
    'test/a.test.ts › times out › timeout!',
    'test/a.test.ts › top-level assert',
  ])
  t.same(tapFailures('TAP version 14\n# Subtest: test/b.test.ts\n    ok 1 - fine\nok 1 - test/b.test.ts\n'), [], 'a passing run names nothing')
})

t.test('Vitest: failed tests by file and full name; a file that failed to load, with its message', async (t) => {
  const report = {
    testResults: [
      { name: '/repo/web/src/a.test.tsx', status: 'failed', assertionResults: [{ fullName: 'Cart removes a line', status: 'failed' }, { fullName: 'Cart adds', status: 'passed' }] },
      { name: '/repo/web/src/b.test.tsx', status: 'failed', message: 'Failed to load url ./missing\nat …', assertionResults: [] },
      { name: '/repo/web/src/c.test.tsx', status: 'passed', assertionResults: [{ fullName: 'ok', status: 'passed' }] },
    ],
  }
  t.same(vitestFailures(report, '/repo/web'), ['src/a.test.tsx › Cart removes a line', 'src/b.test.tsx: Failed to load url ./missing'])
})

t.test('Playwright: failed journeys by file:line, describe blocks, title and project; errors outside any journey', async (t) => {
  const report = {
    suites: [
      {
        title: 'shop.spec.ts',
        specs: [{ title: 'cart survives a reload', ok: false, file: 'shop.spec.ts', line: 10, tests: [{ projectName: 'chromium', status: 'unexpected' }] }],
        suites: [
          {
            title: 'header',
            specs: [
              { title: 'menu opens', ok: false, file: 'shop.spec.ts', line: 30, tests: [{ projectName: 'chromium', status: 'unexpected' }] },
              { title: 'passes on retry', ok: true, file: 'shop.spec.ts', line: 40, tests: [{ projectName: 'chromium', status: 'flaky' }] },
            ],
          },
        ],
      },
    ],
    errors: [{ message: 'Error: Timed out waiting 240000ms from config.webServer.\nmore' }],
  }
  t.same(playwrightFailures(report), [
    'shop.spec.ts:10 › cart survives a reload [chromium]',
    'shop.spec.ts:30 › header › menu opens [chromium]',
    'outside any journey: Error: Timed out waiting 240000ms from config.webServer.',
  ])
})

t.test('the summary names at most MAX_NAMED failures of a suite and says how many more', async (t) => {
  const many = Array.from({ length: MAX_NAMED + 3 }, (_, i) => `test ${i}`)
  const lines = failureLines('gateway', many)
  t.equal(lines.length, MAX_NAMED + 1)
  t.equal(lines[0], '  gateway: test 0')
  t.match(lines.at(-1), /gateway: \.\.\. and 3 more/)
})
