import t from 'tap'
import { match, same } from 'tcompare'

/**
 * Configuration checks as a handful of named tests instead of one tap assertion per object and
 * field: inside `check(name, body)` the assertions (ok, equal, same, match, …, with tap's meanings)
 * are collected, and the check is one test that passes when none failed, or lists every failure
 * with its message. The coverage is the same; the count of tests is not inflated by it.
 */
export interface Checks {
  ok(value: unknown, message: string): void
  notOk(value: unknown, message: string): void
  equal(found: unknown, wanted: unknown, message?: string): void
  same(found: unknown, wanted: unknown, message?: string): void
  match(found: unknown, pattern: unknown, message?: string): void
  notMatch(found: unknown, pattern: unknown, message?: string): void
  type(found: unknown, type: string, message?: string): void
  throws(fn: () => unknown, pattern: RegExp, message?: string): void
  doesNotThrow(fn: () => unknown, message: string): void
  pass(message: string): void
  fail(message: string): void
  comment(message: string): void
  /** A group of checks whose messages start with `name: `. */
  test(name: string, body: (c: Checks) => unknown): Promise<void>
}

function collector(failures: string[], counted: { n: number }, prefix = ''): Checks {
  const record = (passed: boolean, message: string, detail = '') => {
    counted.n++
    if (!passed) failures.push(`${prefix}${message}${detail ? `\n${detail}` : ''}`)
  }
  const show = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v instanceof RegExp ? v : JSON.stringify(v)))
  const c: Checks = {
    ok: (value, message) => record(!!value, message),
    notOk: (value, message) => record(!value, message),
    equal: (found, wanted, message = 'should be equal') => record(found === wanted, message, found === wanted ? '' : `  found ${show(found)}, wanted ${show(wanted)}`),
    same: (found, wanted, message = 'should be equivalent') => {
      const result = same(found, wanted)
      record(result.match, message, result.match ? '' : result.diff)
    },
    match: (found, pattern, message = 'should match pattern') => {
      const result = match(found, pattern)
      record(result.match, message, result.match ? '' : result.diff)
    },
    notMatch: (found, pattern, message = 'should not match pattern') => record(!match(found, pattern).match, message, `  ${show(found)} matches ${show(pattern)}`),
    type: (found, type, message = `type is ${type}`) => record(typeof found === type, message),
    throws: (fn, pattern, message = 'expected to throw') => {
      try {
        fn()
        record(false, message, '  it did not throw')
      } catch (err) {
        const text = err instanceof Error ? err.message : String(err)
        record(pattern.test(text), message, `  threw ${show(text)}, wanted ${show(pattern)}`)
      }
    },
    doesNotThrow: (fn, message) => {
      try {
        fn()
        record(true, message)
      } catch (err) {
        record(false, message, `  threw ${show(err instanceof Error ? err.message : String(err))}`)
      }
    },
    pass: (message) => record(true, message),
    fail: (message) => record(false, message),
    comment: (message) => t.comment(message),
    test: async (name, body) => {
      await body(collector(failures, counted, `${prefix}${name}: `))
    },
  }
  return c
}

/** One named test made of the checks `body` makes. */
export function check(name: string, options: { skip?: string | false } | ((c: Checks) => unknown), body?: (c: Checks) => unknown): void {
  const [opts, fn] = typeof options === 'function' ? [{}, options] : [options, body!]
  t.test(name, opts, async (tt) => {
    const failures: string[] = []
    const counted = { n: 0 }
    await fn(collector(failures, counted))
    tt.same(failures, [], `${counted.n} checks${failures.length ? `, ${failures.length} failed` : ', none failed'}`)
  })
}
