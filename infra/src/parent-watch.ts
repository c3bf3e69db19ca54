/**
 * For a process that another tool starts and is meant to stop (Playwright's web servers, a test's
 * second stack): should that tool vanish without stopping it (SIGKILL once its grace ran out, a
 * crash), this process would run on and hold its ports, and the launcher a whole stack with its
 * PostgreSQL. Once a second it checks whether the process that started it is still its parent
 * (an orphan is handed to init or a subreaper), and if not, calls `stop` once.
 */
export function stopWhenParentGone(stop: () => void, everyMs = 1000): void {
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(timer)
    stop()
  }, everyMs)
  // Never what keeps the process alive.
  timer.unref()
}
