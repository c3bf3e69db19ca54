import { mkdirSync, openSync, closeSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * A workspace's test files, run by a few long-lived tap processes instead of one process each.
 * A process per file cost each file about 1.5 s of CPU for tap's own start and as much again to
 * load the code under test: most of a suite's CPU time. `npx tap` in a service or the gateway runs
 * its test/worker-1.ts and test/worker-2.ts side by side (the workspace's `tap.include`). Each calls
 * this, which takes the next test file of that folder no other worker has taken and imports it, so
 * its tests run on tap's root test, one file after another, until none is left: a slow file holds
 * up one worker, not a fixed share of the suite. `npx tap test/<x>.test.ts` still runs one file.
 */
export async function runTestFiles(dir: string): Promise<void> {
  const claims = claimsDirectory(dir)
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
  for (const file of files) {
    if (claim(claims, file)) await import(pathToFileURL(path.join(dir, file)).href)
  }
}

/**
 * Where the workers of one tap run note which files they took: named after their parent (the tap
 * CLI) and when it started, so no other run, even one whose CLI gets the same pid later, shares it.
 * Directories of earlier runs are removed once a day old.
 */
function claimsDirectory(testDir: string): string {
  const root = path.join(testDir, '..', '.tap', 'claims')
  mkdirSync(root, { recursive: true })
  for (const old of readdirSync(root)) {
    const at = path.join(root, old)
    if (Date.now() - statSync(at).mtimeMs > 86_400_000) rmSync(at, { recursive: true, force: true })
  }
  const dir = path.join(root, `${process.ppid}-${startOf(process.ppid)}`)
  mkdirSync(dir, { recursive: true })
  return dir
}

/** A process's start (clock ticks since boot, Linux's /proc/PID/stat field 22), or "" elsewhere. */
function startOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19] ?? ''
  } catch {
    return ''
  }
}

/** True for the one worker that creates the claim; false for any other. */
function claim(claims: string, file: string): boolean {
  try {
    closeSync(openSync(path.join(claims, file), 'wx'))
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  }
}
