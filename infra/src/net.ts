import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * Ports handed out by freePort: below Linux's ephemeral range (32768-60999), where the kernel
 * never picks a port for an outgoing connection or a `listen(0)`.
 */
const PORT_RANGE = { low: 20_000, high: 32_767 }
/**
 * Ports handed out lately, one file each, shared by every process of this machine's user: a port
 * is handed out and bound by the one who asked seconds later, and in between another process
 * (the test beside it, the launcher it starts) must not be handed the same one. The kernel's own
 * choice (`listen(0)`, then close) did exactly that: two processes asking about 48 times a second
 * were given the same port 21 times within 2 s of each other.
 */
export const PORT_RESERVATIONS = path.join(tmpdir(), `hearing-care-ports-${process.getuid?.() ?? 'user'}`)
/** How long a handed-out port stays reserved: ample time to bind it. */
const RESERVED_MS = 120_000

/** A TCP port nobody listens on right now, and that no other caller of freePort was given lately. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = PORT_RANGE.low + Math.floor(Math.random() * (PORT_RANGE.high - PORT_RANGE.low + 1))
    if (reserve(port) && (await canListen(port))) return port
  }
  // Nearly every port of the range is taken or reserved: the kernel's choice, as a last resort.
  return kernelPort()
}

let reservationsMade = false

/** Claims `port` for this caller unless another one claimed it within RESERVED_MS. */
function reserve(port: number): boolean {
  const file = path.join(PORT_RESERVATIONS, String(port))
  try {
    if (!reservationsMade) mkdirSync(PORT_RESERVATIONS, { recursive: true })
    reservationsMade = true
    writeFileSync(file, String(process.pid), { flag: 'wx' })
    return true
  } catch (err) {
    // No reservations possible here (a read-only temporary directory): the listen check alone.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return true
  }
  try {
    if (Date.now() - statSync(file).mtimeMs < RESERVED_MS) return false
    writeFileSync(file, String(process.pid))
    return true
  } catch {
    return false
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Whether something accepts TCP connections on host:port. */
export function portAnswers(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}
