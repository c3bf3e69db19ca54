import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'

import { freePort, PORT_RESERVATIONS } from '../src/net.js'

/**
 * freePort hands a port out for its caller to bind a moment later (a launcher, a service, a mock):
 * two processes asking at the same time must not be handed the same port in between.
 */

const NET = pathToFileURL(path.resolve(import.meta.dirname, '../src/net.ts')).href
// tap's TypeScript loader without its coverage hooks.
const EXEC_ARGV = process.execArgv.filter((arg) => !/@tapjs\/(processinfo|mock)/.test(arg))
const ASKS = 150

/** A process that asks for ASKS ports in a row and prints them. */
function asker(): Promise<number[]> {
  const code = `import { freePort } from ${JSON.stringify(NET)}\nconst ports = []\nfor (let i = 0; i < ${ASKS}; i++) ports.push(await freePort())\nconsole.log(JSON.stringify(ports))\n`
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...EXEC_ARGV, '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`asker exited with ${code}`))))
  })
}

t.test('two processes asking at once are never handed the same port', async (t) => {
  const [a, b] = await Promise.all([asker(), asker()])
  t.equal(a.length + b.length, 2 * ASKS)
  const shared = a.filter((port) => b.includes(port))
  t.same(shared, [], 'no port was handed to both')
  t.equal(new Set([...a, ...b]).size, 2 * ASKS, 'nor twice to the same one')
})

t.test('a port handed out can be bound, and is not one the kernel hands to listen(0)', async (t) => {
  const port = await freePort()
  t.ok(port >= 20_000 && port < 32_768, `${port} is below the kernel's ephemeral range`)
  const server = net.createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  t.teardown(() => server.close())
  // Its reservation gone (as after two minutes) and the next pick made to land on it: only the
  // check that nothing listens there keeps it from being handed out again.
  rmSync(path.join(PORT_RESERVATIONS, String(port)))
  const random = Math.random
  let pickedOnce = false
  Math.random = () => (pickedOnce ? random() : ((pickedOnce = true), (port - 20_000 + 0.5) / (32_768 - 20_000)))
  t.teardown(() => (Math.random = random))
  t.not(await freePort(), port, 'a port in use is not handed out')
  t.ok(pickedOnce, 'the pick landed on the port in use first')
})
