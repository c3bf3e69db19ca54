import { spawn } from 'node:child_process'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** pg_dump/pg_restore's connection settings: the URL without its password, which goes in the environment (not in `ps`). */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } }
}

function run(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv, input?: Readable): { stdout: Readable; done: Promise<void> } {
  const child = spawn(tool, args, { env, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', (err) =>
      reject((err as NodeJS.ErrnoException).code === 'ENOENT' ? new Error(`${tool} was not found: install PostgreSQL's client tools (the same major version as the server, or newer)`) : err),
    )
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`))))
  })
  const done = input ? Promise.all([pipeline(input, child.stdin!), exited]).then(() => {}) : exited
  return { stdout: child.stdout!, done }
}

/** Every schema of the database in pg_dump's compressed custom format, on a stream. */
export function dumpDatabase(databaseUrl: string): { stdout: Readable; done: Promise<void> } {
  const { dbname, env } = connection(databaseUrl)
  return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${dbname}`], env)
}

/** Brings the database back to a dump's state: its objects dropped and recreated, in one transaction. */
export async function restoreDatabase(databaseUrl: string, dump: Readable): Promise<void> {
  const { dbname, env } = connection(databaseUrl)
  const restore = run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`], env, dump)
  restore.stdout.resume()
  await restore.done
}
