import { randomUUID } from 'node:crypto'
import { serviceTestKit } from '@hearing/infra/testing'
import { buildApp, schemaPlan } from '../src/app.js'
import { configSchema, type Config } from '../src/config.js'

export const kit = serviceTestKit({ configSchema, buildApp, schemaPlan, redis: true })
export const { testConfig, migrate } = kit

/**
 * A migrated, seeded app on a database of its own (closed after the test), with typed table access.
 * Its Redis counters (the order requests' limits) have a prefix of their own: tests never share a count.
 */
export async function build(t: Parameters<typeof kit.build>[0], config?: Config) {
  const built = await kit.build(t, config ?? (await testConfig(t, { QUEUE_PREFIX: `test-${randomUUID()}` })))
  return { ...built, db: built.app.db }
}
