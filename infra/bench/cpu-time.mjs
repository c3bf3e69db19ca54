// CPU seconds a process and its children (nginx's workers) have used, from Linux's /proc: what a
// proxy spends per request, a figure that other work on the machine moves far less than
// requests/s. undefined where /proc is not there.
import { readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100 // USER_HZ, 100 on Linux

function ownSeconds(pid) {
  // Fields after the command name (which may hold spaces, hence the last ')'): utime is the 12th, stime the 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop().trim().split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

function children(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** CPU seconds of pid and its children so far, or undefined. */
export function cpuSeconds(pid) {
  try {
    return [pid, ...children(pid)].reduce((sum, p) => sum + ownSeconds(p), 0)
  } catch {
    return undefined
  }
}
