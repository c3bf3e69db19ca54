/**
 * Whether `check` came true within `ms` (asked every 200 ms, and once more at the deadline): for a
 * test that waits for what it checks (a port closing, a process gone) on a machine of any speed.
 */
export async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 200))
  }
  return check()
}
