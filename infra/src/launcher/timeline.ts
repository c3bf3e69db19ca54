import { performance } from 'node:perf_hooks'

/**
 * When each step of a start was reached, in ms since the launcher's process began (Node's own boot
 * and the build check included): one line in launcher.log, so a slow start can be taken apart
 * afterwards (`npm run bench:start` prints it) without making the console noisier.
 */
export class Timeline {
  private readonly marks: string[] = []

  mark(step: string): void {
    this.marks.push(`${step} ${Math.round(performance.now())}`)
  }

  /** Resolves like `promise`, marking `step` when it does. */
  track<T>(step: string, promise: Promise<T>): Promise<T> {
    return promise.then((value) => {
      this.mark(step)
      return value
    })
  }

  toString(): string {
    return `start timeline (ms since the process began): ${this.marks.join(', ')}`
  }
}
