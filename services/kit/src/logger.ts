import type { FastifyServerOptions } from 'fastify'

/** Field names whose values never reach the logs, at any depth we log. */
const SECRET_FIELDS = [
  'password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'access_token',
  'refresh_token', 'id_token', 'code', 'secret', 'email', 'phone', 'cookie', 'authorization',
]
const SENSITIVE_QUERY = /^(token|code|state|password|email|phone|secret|key|access_token|id_token)$/i

const redactPaths = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-internal-token"]',
  'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
]

/** Replaces the values of sensitive query parameters so URLs can be logged. */
export function sanitizeUrl(url: string): string {
  const q = url.indexOf('?')
  if (q === -1) return url
  const params = new URLSearchParams(url.slice(q + 1))
  for (const key of [...params.keys()]) if (SENSITIVE_QUERY.test(key)) params.set(key, 'redacted')
  return `${url.slice(0, q)}?${params.toString()}`
}

/** pino options shared by every process: JSON lines, secrets and personal data redacted. */
export function loggerOptions(level: string, name: string): FastifyServerOptions['logger'] {
  return {
    level,
    name,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, url: sanitizeUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }
}
