import { createHash } from 'node:crypto'
import path from 'node:path'
import { z } from 'zod'
import { REPO_ROOT } from './paths.js'

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// connection URL').optional(),
  REDIS_URL: z.string().refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL').optional(),
  INTERNAL_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  SIGNING_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PROVIDER_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Copies of every service (1 to 5); the gateway balances across them. */
  REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** The launcher's own /healthz on 127.0.0.1 (0: any free port, printed at start). */
  LAUNCHER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 1: stop the stack when the process that started the launcher is gone (test tools that start it). */
  STOP_WITH_PARENT: z.enum(['0', '1']).default('0'),
})

export type LauncherConfig = z.output<typeof schema> & { dataDir: string }

export function launcherConfig(env: NodeJS.ProcessEnv): LauncherConfig {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return { ...parsed.data, dataDir: path.resolve(REPO_ROOT, parsed.data.DATA_DIR) }
}

/**
 * What keeps this data directory's stack apart from others sharing a Redis: its queues and its
 * rate-limit counters get keys under this prefix.
 */
export function stackPrefix(dataDir: string): string {
  return `hc-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`
}

/** The Redis key prefixes a stack's processes are given. */
export function redisPrefixes(dataDir: string): { QUEUE_PREFIX: string; RATE_LIMIT_PREFIX: string } {
  const prefix = stackPrefix(dataDir)
  return { QUEUE_PREFIX: prefix, RATE_LIMIT_PREFIX: `${prefix}:rate-limit:` }
}
