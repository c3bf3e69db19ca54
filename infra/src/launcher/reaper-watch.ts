import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export interface ReaperWatch {
  /** A normal stop needs no reaper: end it, and wait (up to 2 s) until it is gone. */
  stop(): Promise<void>
}

/**
 * Whatever ends this process, what it recorded in `dir` (stack-pids.ts) ends with it: a reaper child
 * watches it and stops every recorded process should it vanish without doing so itself (kill -9, a
 * timeout's SIGTERM with no handler, a crash, the OOM killer). Used by the launcher and the test runner.
 */
export function startReaper(dir: string): ReaperWatch {
  const script = fileURLToPath(new URL('./reaper.js', import.meta.url))
  // A shell does the waiting (an idle Node process would hold ~40 MB all along): it checks every
  // second whether it still has us as its parent, and only then starts Node to reap.
  const watch = 'while [ "$(cut -d " " -f 4 /proc/$$/stat)" = "$1" ]; do sleep 1; done; exec "$2" "$3" "$4"'
  // detached: a terminal's Ctrl-C must not end the reaper while we are still stopping what we started.
  const child = spawn('/bin/sh', ['-c', watch, 'hearing-reaper', String(process.pid), process.execPath, script, dir], { stdio: 'ignore', detached: true })
  child.unref()
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      await Promise.race([gone, new Promise((r) => setTimeout(r, 2000))])
    },
  }
}
