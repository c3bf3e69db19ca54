import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { bootstrapAdmin } from '../src/accounts/admin-bootstrap.js'
import { generatePassword } from '../src/crypto.js'
import { build, migrate, post, STRONG_PASSWORD, testConfig, TS_ENV, TS_EXEC_ARGV } from './helper.js'

const CLI = fileURLToPath(new URL('../src/bootstrap-admin.ts', import.meta.url))

/** Runs the CLI as the launcher does (a process of its own), with tap's TypeScript loader. */
function runCli(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TS_EXEC_ARGV, CLI], { env: { ...TS_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

t.test('first run without ADMIN_*: creates admin@example.com with a generated password, printed once', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  const first = await runCli({ DATABASE_URL: config.DATABASE_URL })
  t.equal(first.code, 0, first.stderr)
  t.match(first.stdout, /^Admin account created: admin@example\.com\nPassword: (\S{24})\n/)
  const password = /Password: (\S+)/.exec(first.stdout)![1]!

  const second = await runCli({ DATABASE_URL: config.DATABASE_URL })
  t.equal(second.code, 0)
  t.equal(second.stdout, '', 'an admin exists: prints nothing, so the password is shown only once')

  const { app } = await build(t, { DATABASE_URL: config.DATABASE_URL })
  const signIn = await post(app, '/sign-in', { email: 'admin@example.com', password })
  t.equal(signIn.statusCode, 200, 'the printed credentials work')
  t.match(signIn.json().user, { role: 'admin', email_verified: true })
})

t.test('with ADMIN_EMAIL and ADMIN_PASSWORD: that admin, and no password is printed', async (t) => {
  const { app, db } = await build(t)
  const result = await bootstrapAdmin(db, { email: 'Owner@Example.org', password: STRONG_PASSWORD })
  t.same(result, { created: true, email: 'owner@example.org' }, 'nothing generated, nothing to show')
  t.equal((await post(app, '/sign-in', { email: 'owner@example.org', password: STRONG_PASSWORD })).json().user.role, 'admin')
  t.same(await bootstrapAdmin(db, { email: 'someone.else@example.org', password: STRONG_PASSWORD }), { created: false }, 'an admin exists: nothing done')
})

t.test('a weak ADMIN_PASSWORD stops the CLI with a message naming the variable', async (t) => {
  const config = await testConfig(t)
  await migrate(config)
  const weak = await runCli({ DATABASE_URL: config.DATABASE_URL, ADMIN_PASSWORD: 'password' })
  t.equal(weak.code, 78)
  t.match(weak.stderr, /ADMIN_PASSWORD: This password is too common/)
  t.equal(weak.stdout, '')
})

t.test('bootstrapAdmin promotes an existing account with that address, and runs once under concurrency', async (t) => {
  const { app, db } = await build(t)
  await db.insertInto('users').values({ email: 'boss@example.com', password_hash: null, email_verified_at: null }).execute()
  const results = await Promise.all([
    bootstrapAdmin(db, { email: 'boss@example.com', password: STRONG_PASSWORD }),
    bootstrapAdmin(db, { email: 'boss@example.com', password: STRONG_PASSWORD }),
  ])
  t.same(results.map((r) => r.created).sort(), [false, true], 'exactly one run creates')
  t.match(await db.selectFrom('users').selectAll().where('email', '=', 'boss@example.com').executeTakeFirstOrThrow(), { role: 'admin' })
  t.equal((await db.selectFrom('users').select('id').execute()).length, 1)
  t.equal((await post(app, '/sign-in', { email: 'boss@example.com', password: STRONG_PASSWORD })).statusCode, 200)
})

t.test('generated passwords are long, varied and pass the policy', async (t) => {
  const seen = new Set(Array.from({ length: 50 }, generatePassword))
  t.equal(seen.size, 50)
  for (const p of seen) t.match(p, /^[A-HJ-NP-Za-km-z2-9]{24}$/)
})
