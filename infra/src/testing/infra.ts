import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { t as rootTest } from 'tap'
import { freePort } from '../net.js'
import { startTemporaryPostgres } from '../postgres/index.js'
import { startTestRedis } from '../redis-server.js'
import { COPY_STRATEGY, migratedTemplate } from './templates.js'
import type { SchemaPlan } from '@hearing/service-kit'

/**
 * Test infrastructure, picked in this order: TEST_DATABASE_URL / TEST_REDIS_URL (the root test
 * runner sets them once for the whole run), testcontainers when a Docker engine answers, else an
 * embedded PostgreSQL and a local redis-server started for this test process.
 */

let dockerCheck: Promise<boolean> | undefined
function dockerAvailable(): Promise<boolean> {
  return (dockerCheck ??= (async () => {
    if (process.env.TESTCONTAINERS === '0') return false
    try {
      const { getContainerRuntimeClient } = await import('testcontainers')
      await getContainerRuntimeClient()
      return true
    } catch {
      return false
    }
  })())
}

let postgresServer: Promise<string> | undefined
/** Connection URL of a PostgreSQL server for tests (its maintenance database). */
export function testPostgresUrl(): Promise<string> {
  return (postgresServer ??= (async () => {
    if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL
    if (await dockerAvailable()) {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql')
      const container = await new PostgreSqlContainer('postgres:16-alpine').start()
      rootTest.teardown(() => container.stop())
      return container.getConnectionUri()
    }
    const server = await startTemporaryPostgres(await freePort())
    rootTest.teardown(() => server.stop())
    return server.url
  })())
}

let redisServer: Promise<string> | undefined
export function testRedisUrl(): Promise<string> {
  return (redisServer ??= (async () => {
    if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL
    if (await dockerAvailable()) {
      const { RedisContainer } = await import('@testcontainers/redis')
      const container = await new RedisContainer('redis:7-alpine').start()
      rootTest.teardown(() => container.stop())
      return container.getConnectionUrl()
    }
    const server = await startTestRedis(await freePort())
    rootTest.teardown(() => server.stop())
    return server.url
  })())
}

interface Teardown {
  teardown(fn: () => unknown): void
}

/**
 * A new database of its own for one test; dropped afterwards. Empty, or, given a service's schema
 * plan, a copy of that service's migrated template (templates.ts): migrated, not seeded.
 */
export async function freshDatabase(t: Teardown, plan?: Pick<SchemaPlan, 'schema' | 'migrations'>): Promise<string> {
  const serverUrl = await testPostgresUrl()
  const template = plan ? await migratedTemplate(serverUrl, plan) : undefined
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''} ${COPY_STRATEGY}`)
  } finally {
    await admin.end()
  }
  t.teardown(async () => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(`drop database if exists ${name} with (force)`)
    await client.end()
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** A secret good enough for tests of the internal-route guard. */
export const TEST_INTERNAL_TOKEN = randomBytes(24).toString('hex')
/** Identity's SIGNING_KEY_SECRET in tests. */
export const TEST_SIGNING_KEY_SECRET = randomBytes(32).toString('base64url')
