// What the load benches share: a database and a Redis at hand, and built servers started as child
// processes (each in its own process, as in production), all cleaned up at the end.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import pg from 'pg'

import { freePort, portAnswers } from '../dist/net.js'
import { startTemporaryPostgres } from '../dist/postgres/index.js'
import { startRedisServer } from '../dist/redis-server.js'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export { freePort }

const cleanups = []
/** Registers something to undo at cleanup (an async function). */
export function atCleanup(fn) {
  cleanups.push(fn)
}
/** Runs every cleanup registered so far, newest first. */
export async function cleanup() {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {})
}

async function canConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

/** A database of its own on whatever PostgreSQL is at hand: DATABASE_URL, TEST_DATABASE_URL, 127.0.0.1:5432, else an embedded one. */
export async function database(prefix) {
  let server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (!server) {
    const local = 'postgres://postgres@127.0.0.1:5432/postgres'
    if (await canConnect(local)) server = local
    else {
      const pgServer = await startTemporaryPostgres(await freePort())
      cleanups.push(() => pgServer.stop())
      server = pgServer.url
    }
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: server })
    await client.connect()
    await client.query(`drop database if exists ${name} with (force)`)
    await client.end()
  })
  const url = new URL(server)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * What every benchmarked service is started with: a database and queue/rate-limit prefixes of the
 * run's own, production mode, quiet logs. Nothing verifies tokens, so identity's JWKS URL only has
 * to be well formed.
 */
export async function serviceEnv(name) {
  const token = randomBytes(24).toString('hex')
  const prefix = `bench-${name}-${token.slice(0, 6)}`
  const env = {
    DATABASE_URL: await database(`bench_${name}`),
    REDIS_URL: await redis(),
    INTERNAL_TOKEN: token,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    IDENTITY_JWKS_URL: 'http://127.0.0.1:9/jwks',
    QUEUE_PREFIX: prefix,
  }
  return { env, rateLimitPrefix: `${prefix}:` }
}

/** REDIS_URL, else the one on 127.0.0.1:6379, else a redis-server launched for the run. */
export async function redis() {
  if (process.env.REDIS_URL) return process.env.REDIS_URL
  if (await portAnswers(6379)) return 'redis://127.0.0.1:6379'
  const server = await startRedisServer({ port: await freePort() })
  cleanups.push(() => server.stop())
  return server.url
}

/** Runs a script of the repo to completion (migrations). */
export function run(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${script} exited with ${code}:\n${output}`))))
  })
}

/** Starts a built server and waits until its /readyz answers 200; stopped (SIGTERM) at cleanup. */
export async function start(name, script, env, port, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  cleanups.push(() => stop(child))
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${stderr}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${name} did not become ready:\n${stderr}`)
}

/** SIGTERM, and the exit code once it has exited. */
export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
    child.once('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })
}
