import { spawn } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import t from 'tap'
import { REPO_ROOT } from '../src/launcher/paths.js'
import { portAnswers } from '../src/testing/index.js'
import { until } from './support/until.js'

/** The run's stores as `npm test` starts them, in a process of their own that then waits forever. */
const HOLDER = `
import { startRunStores } from ${JSON.stringify(path.join(REPO_ROOT, 'infra/dist/test-runner/stores.js'))}
const stores = await startRunStores({})
process.stdout.write(JSON.stringify(stores.env) + '\\n')
setInterval(() => {}, 60_000)
`

const portOf = (url: string) => Number(new URL(url).port)

for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
  t.test(`a test run ended by ${signal} leaves neither its PostgreSQL nor its redis-server running`, async (t) => {
    const holder = spawn(process.execPath, ['--input-type=module', '-e', HOLDER], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
    t.teardown(() => holder.kill('SIGKILL'))
    const { value: line } = await createInterface({ input: holder.stdout })[Symbol.asyncIterator]().next()
    const env = JSON.parse(String(line)) as { TEST_DATABASE_URL: string; TEST_REDIS_URL: string }
    const ports = [portOf(env.TEST_DATABASE_URL), portOf(env.TEST_REDIS_URL)]
    t.ok((await Promise.all(ports.map((p) => portAnswers(p)))).every(Boolean), 'both answer while the run is alive')

    holder.kill(signal)
    const gone = await until(async () => !(await portAnswers(ports[0]!)) && !(await portAnswers(ports[1]!)), 30_000)
    t.ok(gone, `neither port answers once the run is gone (${ports.join(', ')})`)
  })
}
