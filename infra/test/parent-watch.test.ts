import { spawn } from 'node:child_process'
import t from 'tap'
import { launcherConfig } from '../src/launcher/config.js'
import { REPO_ROOT } from '../src/launcher/paths.js'
import { freePort, portAnswers } from '../src/testing/index.js'
import { until } from './support/until.js'

/**
 * A stand-in for Playwright: starts the journeys' mock services as its web server does (a shell
 * that execs node) and then waits forever; killed -9, it cannot stop them itself.
 */
const TOOL = `
const { spawn } = require('node:child_process')
spawn('/bin/sh', ['-c', 'exec node infra/e2e/support/mock-services.mjs'], { stdio: 'ignore', detached: true })
setInterval(() => {}, 60_000)
`

t.test('the mock services a killed Playwright started stop by themselves and free their ports', async (t) => {
  const [smtp, oidc, control] = [await freePort(), await freePort(), await freePort()]
  const env = { ...process.env, MOCK_SMTP_PORT: String(smtp), MOCK_OIDC_PORT: String(oidc), MOCK_CONTROL_PORT: String(control) }
  const tool = spawn(process.execPath, ['-e', TOOL], { cwd: REPO_ROOT, env, stdio: 'ignore' })
  t.teardown(() => tool.kill('SIGKILL'))
  t.ok(await until(() => portAnswers(control), 30_000), 'the mock services answer while the tool runs')

  tool.kill('SIGKILL')
  const freed = await until(async () => !(await portAnswers(smtp)) && !(await portAnswers(oidc)) && !(await portAnswers(control)), 30_000)
  t.ok(freed, `none of their ports answers once the tool is gone (${smtp}, ${oidc}, ${control})`)
})

t.test('the launcher is told to stop with its parent by STOP_WITH_PARENT=1, and only then', async (t) => {
  t.equal(launcherConfig({}).STOP_WITH_PARENT, '0', 'off by default: `npm start` runs on after its terminal closes only if asked to (nohup)')
  t.equal(launcherConfig({ STOP_WITH_PARENT: '1' }).STOP_WITH_PARENT, '1')
  t.throws(() => launcherConfig({ STOP_WITH_PARENT: 'yes' }), /STOP_WITH_PARENT/, 'anything else is a clear configuration error')
})
