import { serviceTestKit } from '@hearing/infra/testing'
import { buildApp, schemaPlan } from '../src/app.js'
import { configSchema } from '../src/config.js'

export const kit = serviceTestKit({ configSchema, buildApp, schemaPlan })
export const { testConfig, migrate } = kit

/** A migrated, seeded app on a database of its own (closed after the test), with typed table access. */
export async function build(...args: Parameters<typeof kit.build>) {
  const built = await kit.build(...args)
  return { ...built, db: built.app.db }
}
