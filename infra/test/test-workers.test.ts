import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'

/**
 * The services' tap workers (src/testing/suite.ts): two processes of one run take a folder's test
 * files between them, each file once, and a later run takes them all again.
 */

const SUITE = pathToFileURL(path.resolve(import.meta.dirname, '../src/testing/suite.ts')).href
// tap's TypeScript loader without its coverage hooks, as the services' process tests use it.
const EXEC_ARGV = process.execArgv.filter((arg) => !/@tapjs\/(processinfo|mock)/.test(arg))

/**
 * A test folder whose files each note their name and process in `ran.log`. Each file first waits
 * until two workers have started (they note their pids in `started/`), so the first worker cannot
 * take every file before the second is up, however busy the machine.
 */
function testFolder(files: number) {
  const root = mkdtempSync(path.join(tmpdir(), 'hc-workers-'))
  const dir = path.join(root, 'test')
  mkdirSync(dir)
  writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n') // as in every workspace
  const log = path.join(root, 'ran.log')
  writeFileSync(log, '')
  const started = path.join(root, 'started')
  mkdirSync(started)
  for (let i = 0; i < files; i++) {
    const name = `file-${String(i).padStart(2, '0')}.test.ts`
    const bothStarted = `while (readdirSync(${JSON.stringify(started)}).length < 2) await new Promise((r) => setTimeout(r, 20))`
    writeFileSync(path.join(dir, name), `import { appendFileSync, readdirSync } from 'node:fs'\n${bothStarted}\nappendFileSync(${JSON.stringify(log)}, ${JSON.stringify(name)} + ' ' + process.pid + '\\n')\n`)
  }
  writeFileSync(path.join(dir, 'helper.ts'), 'throw new Error("not a test file: never imported")\n')
  const worker = path.join(root, 'worker.mjs')
  const noteStart = `writeFileSync(${JSON.stringify(started)} + '/' + process.pid, '')`
  writeFileSync(worker, `import { writeFileSync } from 'node:fs'\nimport { runTestFiles } from ${JSON.stringify(SUITE)}\n${noteStart}\nawait runTestFiles(${JSON.stringify(dir)})\n`)
  const ran = () => readFileSync(log, 'utf8').trim().split('\n').filter(Boolean)
  return { root, worker, ran }
}

/** One run as tap makes it: a parent process (here a shell) starting `workers` workers side by side. */
function run(worker: string, workers: number): Promise<number | null> {
  const node = [process.execPath, ...EXEC_ARGV, worker].map((arg) => `'${arg}'`).join(' ')
  const starts = Array.from({ length: workers }, (_, i) => `${node} & w${i}=$!;`).join(' ')
  const waits = Array.from({ length: workers }, (_, i) => `wait $w${i}`).join(' && ')
  const script = `${starts} ${waits}`
  const child = spawn('sh', ['-c', script], { env: { PATH: process.env.PATH, TS_NODE_TRANSPILE_ONLY: '1' }, stdio: ['ignore', 'ignore', 'inherit'] })
  return new Promise((resolve) => child.once('exit', resolve))
}

t.test('two workers of one run take every test file once between them; the next run takes them all again', async (t) => {
  const { root, worker, ran } = testFolder(12)
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  const expected = Array.from({ length: 12 }, (_, i) => `file-${String(i).padStart(2, '0')}.test.ts`)

  t.equal(await run(worker, 2), 0, 'both workers end well')
  const first = ran()
  t.same(first.map((line) => line.split(' ')[0]).sort(), expected, 'each file ran exactly once; helper.ts never')
  t.equal(new Set(first.map((line) => line.split(' ')[1])).size, 2, 'both workers took files')

  t.equal(await run(worker, 2), 0)
  t.same(ran().slice(12).map((line) => line.split(' ')[0]).sort(), expected, 'the next run took every file again, once')
})
