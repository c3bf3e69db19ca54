import { routesOf, type DeclaredRoute } from '@hearing/service-kit'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

/**
 * A schema-driven fuzzer: for every route an app declares, a plausible request is built from the
 * route's zod schemas, then each field (and each path parameter and query value) in turn is
 * replaced by hostile values. Whatever the input, a service must answer below 500.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  enum?: Json[]
  const?: Json
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  format?: string
  minLength?: number
  minimum?: number
}

/** Strings no field should ever turn into a 500. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'Ada\u0000Lovelace',
  '\ud800',
  'x\udfffy',
  'Bob\u202Enimda',
  '\u0007\u001b[31m',
  'a'.repeat(201),
  'é'.repeat(5000),
  '😀'.repeat(300),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  ' ',
  '',
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
]

const HOSTILE_VALUES: readonly Json[] = [...HOSTILE_STRINGS, null, true, 0, -1, 1.5, 1e308, [], {}, ['a'], { nested: { deeper: 'x' } }]

function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    return undefined
  }
}

/** A value the schema probably accepts: the starting point that hostile values replace one at a time. */
function sample(schema: JsonSchema | undefined): Json {
  if (!schema) return 'x'
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]!
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0]
  if (choice) return sample(choice)
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v)]))
    case 'array':
      return [sample(schema.items)]
    case 'integer':
    case 'number':
      return schema.minimum ?? 1
    case 'boolean':
      return true
    case 'null':
      return null
    default:
      if (schema.format === 'email') return 'fuzz@example.com'
      if (schema.format === 'uuid') return '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a01'
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1))
  }
}

/** Every way of replacing one leaf of `value` (depth-first) with a hostile value, plus hostile wholes. */
function mutations(value: Json): Json[] {
  const out: Json[] = [...HOSTILE_VALUES]
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of Object.keys(value)) {
      for (const inner of mutations(value[key]!)) out.push({ ...value, [key]: inner })
    }
    out.push({ ...value, ['\u0000']: 'x' })
  }
  return out
}

export interface FuzzRequest {
  method: string
  url: string
  payload?: Json
  headers: Record<string, string>
}

/** Percent-encodes; a lone surrogate becomes the bytes of one (ED A0 80), which are not valid UTF-8. */
function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, '\uFFFD')).replaceAll('%EF%BF%BD', '%ED%A0%80')
}

function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encode(params[name] ?? 'x'))
}

function queryString(query: Record<string, Json>): string {
  const parts = Object.entries(query).map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

/** The requests the fuzzer sends to one route. */
export function requestsFor(route: DeclaredRoute, headers: Record<string, string> = {}): FuzzRequest[] {
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!)
  const baseParams = Object.fromEntries(paramNames.map((n) => [n, 'x']))
  const baseQuery = sample(toJsonSchema(route.schema?.querystring)) as Record<string, Json>
  const query = baseQuery && typeof baseQuery === 'object' && !Array.isArray(baseQuery) ? baseQuery : {}
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE'
  const baseBody = hasBody ? sample(toJsonSchema(route.schema?.body)) : undefined
  const at = (params: Record<string, string>, q: Record<string, Json>) => `${fill(route.url, params)}${queryString(q)}`
  const requests: FuzzRequest[] = []
  const send = (url: string, payload?: Json) => requests.push({ method: route.method, url, payload, headers: { ...headers } })

  send(at(baseParams, query), baseBody)
  for (const name of paramNames) {
    for (const bad of [...HOSTILE_STRINGS, 'a'.repeat(300), 'a'.repeat(5000)]) send(at({ ...baseParams, [name]: bad }, query), baseBody)
  }
  for (const key of Object.keys(query)) {
    for (const bad of HOSTILE_STRINGS) send(at(baseParams, { ...query, [key]: bad }), baseBody)
    send(at(baseParams, { ...query, [key]: ['a', 'b'] as unknown as Json }), baseBody)
  }
  if (hasBody) for (const payload of mutations(baseBody ?? {})) send(at(baseParams, query), payload)
  return requests
}

export interface FuzzReport {
  requests: number
  /** Status code -> count. */
  statuses: Record<number, number>
  /** Requests answered with 500 or more. */
  failures: Array<{ method: string; url: string; payload?: Json; status: number; body: string }>
}

interface Injectable {
  inject(opts: { method: string; url: string; payload?: string; headers: Record<string, string> }): Promise<{ statusCode: number; body: string }>
}

/**
 * Sends every generated request for every route of `app` (optionally filtered), once per header
 * set (e.g. anonymous and an admin's token), and counts the answers.
 */
export async function fuzzRoutes(
  app: FastifyInstance & Injectable,
  { headerSets = [{}], skip = () => false }: { headerSets?: Array<Record<string, string>>; skip?: (route: DeclaredRoute) => boolean } = {},
): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, statuses: {}, failures: [] }
  for (const route of routesOf(app)) {
    if (skip(route) || route.url.includes('*')) continue
    for (const headers of headerSets) {
      for (const req of requestsFor(route, headers)) {
        const payload = req.payload === undefined ? undefined : JSON.stringify(req.payload)
        const res = await app.inject({
          method: req.method,
          url: req.url,
          payload,
          headers: payload === undefined ? req.headers : { 'content-type': 'application/json', ...req.headers },
        })
        report.requests++
        report.statuses[res.statusCode] = (report.statuses[res.statusCode] ?? 0) + 1
        if (res.statusCode >= 500) report.failures.push({ method: req.method, url: req.url, payload: req.payload, status: res.statusCode, body: res.body.slice(0, 200) })
      }
    }
  }
  return report
}
