import { Redis } from 'ioredis'
import { withTimeout } from './db.js'

export type RedisRole =
  /** Request path (producers, rate limits): commands fail fast while Redis is down, never hang a request. */
  | 'client'
  /** BullMQ workers: block and retry for as long as it takes. */
  | 'worker'

export function createRedis(url: string, role: RedisRole, onError?: (err: Error) => void): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    connectTimeout: 3000,
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    enableOfflineQueue: role === 'worker',
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  redis.on('error', (err) => onError?.(err))
  return redis
}

export async function redisReachable(redis: Redis, timeoutMs = 1000): Promise<boolean> {
  if (redis.status !== 'ready') return false
  return withTimeout(redis.ping(), timeoutMs).then((pong) => pong === 'PONG', () => false)
}
