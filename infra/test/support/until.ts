/**
 * Whether `check` came true within `ms` (asked every `everyMs`, and once more at the deadline): for
 * a test that waits for what it checks (a port closing, a process gone) on a machine of any speed.
 */
export async function until(check: () => boolean | Promise<boolean>, ms: number, everyMs = 200): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, everyMs))
  }
  return check()
}

/** Waits until `check` comes true, asked every `everyMs`; past `ms`, fails naming `what`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms: number, everyMs = 50): Promise<void> {
  if (!(await until(check, ms, everyMs))) throw new Error(`timed out waiting for ${what}`)
}
