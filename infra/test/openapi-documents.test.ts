import path from 'node:path'
import { validate } from '@readme/openapi-parser'
import { OPENAPI_PATH, routesOf, type SchemaPlan } from '@hearing/service-kit'
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { REPO_ROOT, SERVICES } from '../src/launcher/paths.js'
import { freshDatabase, openApiPath, testRedisUrl, TEST_INTERNAL_TOKEN, TEST_SIGNING_KEY_SECRET, type OpenApiDocument } from '../src/testing/index.js'

interface ServiceModule {
  buildApp(config: unknown, opts: { logLevel: false; background: false }): Promise<FastifyInstance>
  schemaPlan: SchemaPlan<unknown>
}

for (const service of SERVICES) {
  t.test(`${service.name} serves a valid OpenAPI document at ${OPENAPI_PATH} that lists every route it declares`, async (t) => {
    const { buildApp, schemaPlan } = (await import(path.join(REPO_ROOT, service.dir, 'dist/app.js'))) as ServiceModule
    const { configSchema } = (await import(path.join(REPO_ROOT, service.dir, 'dist/config.js'))) as { configSchema: { parse(env: unknown): unknown } }
    const env = {
      DATABASE_URL: await freshDatabase(t, schemaPlan),
      REDIS_URL: await testRedisUrl(),
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET,
      IDENTITY_JWKS_URL: 'http://127.0.0.1:9/jwks', // never asked: no request here carries a token
    }
    const app = await buildApp(configSchema.parse(env), { logLevel: false, background: false })
    t.teardown(() => app.close())

    const res = await app.inject({ method: 'GET', url: OPENAPI_PATH })
    t.equal(res.statusCode, 200)
    const document = res.json() as OpenApiDocument
    t.equal(document.openapi, '3.1.0')
    t.equal(document.info.title, service.name)
    // validate() dereferences in place: give it a copy.
    const verdict = await validate(structuredClone(document) as never)
    t.same(verdict.valid ? [] : verdict.errors, [], 'valid OpenAPI 3.1')

    const declared = routesOf(app)
    t.ok(declared.length > 3, `${declared.length} routes declared`)
    const missing = declared.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`)
    t.same(missing, [], 'every declared route is in the document')
  })
}
