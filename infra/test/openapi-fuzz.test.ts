import { SERVICE_REGISTRY } from '@hearing/contracts'
import { INTERNAL_TOKEN_HEADER, OPENAPI_PATH } from '@hearing/service-kit'
import t from 'tap'
import { freePort, freshDatabase, fuzzDocument, type Destination, type FuzzReport, type OpenApiDocument, type RouteShape } from '../src/testing/index.js'
import { stackFixture } from './support/stack.js'

/**
 * The running stack, fuzzed from the OpenAPI documents its services serve: requests drawn from each
 * operation's schemas (most with one hostile part) go through the gateway as a visitor and as an
 * admin would send them, and to the services' /internal routes with the service credential.
 * Whatever arrives, every answer comes in time and below 500 (or is a 503 "busy, retry after"), and
 * no process falls over. FUZZ_RUNS sets the requests per operation and pass (FUZZ_SEED another draw).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
const INTERNAL_TOKEN = 'fuzz-internal-token-'.padEnd(40, 'x')
const ADMIN = { email: 'fuzz-admin@example.com', password: 'Fuzzing-the-stack-2026' }

const isInternal = (route: RouteShape) => route.url === '/internal' || route.url.startsWith('/internal/')
// Its own document is not proxied (the gateway test covers that); wildcard routes have no shape to
// draw from; Google sign-in is not set up in this stack and says so with a deliberate 503.
const notFuzzed = (route: RouteShape) => route.url === OPENAPI_PATH || route.url.includes('*') || route.url.startsWith('/google/')

function summary(name: string, report: FuzzReport): string {
  return `${name}: ${report.requests} requests, statuses ${JSON.stringify(report.statuses)}`
}

t.test("the fuzzer, reading each running service's OpenAPI document, gets no 5xx and no hang", async (t) => {
  const healthPort = await freePort()
  const { port, start } = await stackFixture(t, 'openapi-fuzz', {
    // A database of the tests' PostgreSQL: no cluster of its own to create.
    DATABASE_URL: await freshDatabase(t),
    LAUNCHER_HEALTH_PORT: String(healthPort),
    INTERNAL_TOKEN,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_MAX: '100000000',
    BACKUP_SCHEDULE: 'off',
  })
  const booting = Date.now()
  await start()
  t.comment(`stack ready in ${((Date.now() - booting) / 1000).toFixed(1)} s`)
  const fuzzing = Date.now()
  const gateway = `http://127.0.0.1:${port}`
  const launcherHealth = async () =>
    (await (await fetch(`http://127.0.0.1:${healthPort}/healthz`)).json()) as { children: Array<{ name: string; url: string; restarts: number }> }
  const health = await launcherHealth()

  const signIn = await fetch(`${gateway}/api/identity/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  t.equal(signIn.status, 200, 'the admin signs in')
  const admin = { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` }

  for (const service of SERVICE_REGISTRY) {
    const own = health.children.find((c) => c.name === service.name)?.url
    t.ok(own, `the launcher names ${service.name}'s address`)
    const served = await fetch(`${own}${OPENAPI_PATH}`)
    t.equal(served.status, 200, `${service.name} serves its document on its own port`)
    const document = (await served.json()) as OpenApiDocument
    t.equal((await fetch(`${gateway}/api/${service.gatewayPrefix}${OPENAPI_PATH}`)).status, 404, 'the gateway does not serve it')

    const viaGateway = `${gateway}/api/${service.gatewayPrefix}`
    const internal = { base: own!, headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL_TOKEN } as Record<string, string> }
    const visitorTarget: Destination = (route) => (notFuzzed(route) ? undefined : isInternal(route) ? internal : { base: viaGateway, headers: {} })
    const adminTarget: Destination = (route) => (notFuzzed(route) || isInternal(route) ? undefined : { base: viaGateway, headers: admin })
    const began = Date.now()
    const asVisitor = await fuzzDocument(document, visitorTarget, { runs: RUNS })
    const asAdmin = await fuzzDocument(document, adminTarget, { runs: RUNS })
    for (const [who, report] of [['visitor', asVisitor], ['admin', asAdmin]] as const) {
      t.comment(summary(`${service.name} (${who})`, report))
      t.ok(report.requests > 0, `${service.name} was fuzzed as ${who}`)
      t.same(report.failures, [], `${service.name} as ${who}: no 5xx, no hang`)
    }
    t.comment(`${service.name} fuzzed in ${((Date.now() - began) / 1000).toFixed(1)} s`)
  }
  t.comment(`fuzzed in ${((Date.now() - fuzzing) / 1000).toFixed(1)} s`)
  const restarted = (await launcherHealth()).children.filter((c) => c.restarts > 0).map((c) => c.name)
  t.same(restarted, [], 'no process exited and was restarted meanwhile')
})
