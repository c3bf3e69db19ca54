import { spawn, spawnSync } from 'node:child_process'
import { portAnswers } from './net.js'

export interface RedisServer {
  url: string
  port: number
  /** The server's process id, when we started it. */
  pid?: number
  stop(): Promise<void>
}

export function redisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0
}

export interface RedisServerOptions {
  port: number
  /** Directory for the append-only file; omit for a throwaway in-memory server. */
  dir?: string
}

/** Launches redis-server on 127.0.0.1. With a directory it is durable (AOF) and never evicts. */
export function startRedisServer({ port, dir }: RedisServerOptions): Promise<RedisServer> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--maxmemory-policy', 'noeviction']
  args.push(...(dir ? ['--dir', dir, '--appendonly', 'yes', '--appendfsync', 'everysec'] : ['--appendonly', 'no']))
  // detached: a terminal's Ctrl-C reaches our launcher only, which stops Redis after the services.
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  return new Promise((resolve, reject) => {
    let output = ''
    child.once('error', (err) => reject(new Error(`could not run redis-server: ${err.message}`)))
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output.trim().split('\n').slice(-2).join(' | ')}`)))
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        child.stdout.removeAllListeners('data')
        child.stdout.resume()
        child.stderr.resume()
        child.removeAllListeners('exit')
        const exited = new Promise<void>((r) => child.once('exit', () => r()))
        resolve({
          url: `redis://127.0.0.1:${port}`,
          port,
          pid: child.pid,
          async stop() {
            if (child.exitCode !== null || child.signalCode !== null) return
            child.kill('SIGTERM')
            await exited
          },
        })
      }
    })
  })
}

/**
 * A Redis for tests without Docker: a throwaway redis-server when the binary is installed, else the
 * one answering on 127.0.0.1:6379 (tests namespace their keys), else a clear error.
 */
export async function startTestRedis(port: number): Promise<RedisServer> {
  if (redisServerInstalled()) return startRedisServer({ port })
  if (await portAnswers(6379)) return { url: 'redis://127.0.0.1:6379', port: 6379, stop: async () => {} }
  throw new Error('Tests need Redis: install redis-server, run one on 127.0.0.1:6379, or set TEST_REDIS_URL.')
}
