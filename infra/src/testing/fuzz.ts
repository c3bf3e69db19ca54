import { routesOf, type DeclaredRoute } from '@hearing/service-kit'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { hostileText, hostileVariant, validValue, type Json, type JsonSchema } from './arbitraries.js'

/**
 * A schema-driven fuzzer: for every route, requests are drawn (fast-check) from the route's schemas,
 * a few valid and most with one thing hostile: a path parameter, a query value or a body field.
 * Whatever the input, a service must answer below 500. This file fuzzes an app in process; the
 * running stack is fuzzed from its OpenAPI documents (openapi.ts) with the same requests.
 */

export { HOSTILE_STRINGS } from './arbitraries.js'

/** What the fuzzer needs of a route: its method, its path (/things/:id) and JSON Schemas of its inputs. */
export interface RouteShape {
  method: string
  url: string
  params: Record<string, JsonSchema | undefined>
  query?: JsonSchema
  body?: JsonSchema
}

export interface FuzzRequest {
  method: string
  url: string
  payload?: Json
  headers: Record<string, string>
}

/** The fixed seed makes a run repeatable; FUZZ_SEED explores others. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_211_021)

/** Percent-encodes; a lone surrogate becomes the bytes of one (ED A0 80), which are not valid UTF-8. */
function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, '\uFFFD')).replaceAll('%EF%BF%BD', '%ED%A0%80')
}

const asText = (value: Json): string => (typeof value === 'string' ? value : JSON.stringify(value))

function urlOf(route: RouteShape, params: Record<string, string>, query: Json): string {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encode(params[name] ?? 'x'))
  const entries = query && typeof query === 'object' && !Array.isArray(query) ? Object.entries(query) : []
  // An array is the key repeated, as a browser's form sends it.
  const parts = entries.flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one) => `${encode(k)}=${encode(asText(one))}`))
  return parts.length ? `${path}?${parts.join('&')}` : path
}

const hasBody = (method: string) => !['GET', 'DELETE', 'HEAD', 'OPTIONS'].includes(method)

/** Requests to one route: some valid, most with one part hostile. */
export function requestArbitrary(route: RouteShape): fc.Arbitrary<Omit<FuzzRequest, 'headers'>> {
  const paramEntries = Object.entries(route.params)
  const params = fc.record(Object.fromEntries(paramEntries.map(([name, schema]) => [name, schema ? validValue(schema).map(asText) : fc.constant('x')])))
  const query = route.query ? validValue(route.query) : fc.constant({})
  const body = hasBody(route.method) ? validValue(route.body) : fc.constant(undefined)
  const request = (p: Record<string, string>, q: Json, payload: Json | undefined) => ({ method: route.method, url: urlOf(route, p, q), payload })

  const variants: fc.Arbitrary<Omit<FuzzRequest, 'headers'>>[] = [fc.tuple(params, query, body).map(([p, q, b]) => request(p, q, b))]
  if (paramEntries.length) {
    const badParam = fc.constantFrom(...paramEntries).chain(([name, schema]) => hostileText(schema).map((bad) => [name, bad] as const))
    variants.push(fc.tuple(params, badParam, query, body).map(([p, [name, bad], q, b]) => request({ ...p, [name]: bad }, q, b)))
  }
  const queryFields = Object.entries(route.query?.properties ?? {})
  if (queryFields.length) {
    const badValue = fc.constantFrom(...queryFields).chain(([key, schema]) =>
      fc.oneof(hostileText(schema), fc.array(fc.constantFrom('a', 'b'), { minLength: 2, maxLength: 3 })).map((bad) => [key, bad] as const),
    )
    variants.push(fc.tuple(params, query, badValue, body).map(([p, q, [key, bad], b]) => request(p, { ...(q as object), [key]: bad }, b)))
  }
  if (hasBody(route.method)) variants.push(fc.tuple(params, query, hostileVariant(route.body)).map(([p, q, b]) => request(p, q, b)))
  // Valid requests once in a while; the hostile kinds share the rest.
  return fc.oneof({ arbitrary: variants[0]!, weight: 1 }, ...variants.slice(1).map((arbitrary) => ({ arbitrary, weight: 3 })))
}

/** `runs` requests to one route, the same ones for the same seed. */
export function requestsFor(route: RouteShape, headers: Record<string, string> = {}, { runs = 60, seed = FUZZ_SEED } = {}): FuzzRequest[] {
  return fc.sample(requestArbitrary(route), { numRuns: runs, seed }).map((req) => ({ ...req, headers: { ...headers } }))
}

function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    return undefined
  }
}

/** A declared route (zod schemas) as the fuzzer reads it. */
export function shapeOf(route: DeclaredRoute): RouteShape {
  const params = toJsonSchema(route.schema?.params)?.properties ?? {}
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!)
  return {
    method: route.method,
    url: route.url,
    params: Object.fromEntries(names.map((name) => [name, params[name]])),
    query: toJsonSchema(route.schema?.querystring),
    body: toJsonSchema(route.schema?.body),
  }
}

export interface FuzzReport {
  requests: number
  /** Status code -> count. */
  statuses: Record<number, number>
  /**
   * Requests answered with 500 or more, or not at all (status 0). A 503 with Retry-After is the
   * services' deliberate "busy, come back shortly" (a saturated password hasher or pool), not one.
   */
  failures: Array<{ method: string; url: string; payload?: Json; status: number; body: string }>
}

export function emptyReport(): FuzzReport {
  return { requests: 0, statuses: {}, failures: [] }
}

/** Counts one answer into the report. */
export function record(report: FuzzReport, req: FuzzRequest, { status, retryAfter, body }: { status: number; retryAfter?: unknown; body: string }): void {
  report.requests++
  report.statuses[status] = (report.statuses[status] ?? 0) + 1
  const shed = status === 503 && typeof retryAfter === 'string' && retryAfter !== ''
  if ((status >= 500 && !shed) || status === 0) report.failures.push({ method: req.method, url: req.url, payload: req.payload, status, body: body.slice(0, 200) })
}

interface Injectable {
  inject(opts: { method: string; url: string; payload?: string; headers: Record<string, string> }): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>
}

/**
 * Sends `runs` generated requests to every route of `app` (optionally filtered), once per header
 * set (e.g. anonymous and an admin's token), and counts the answers.
 */
export async function fuzzRoutes(
  app: FastifyInstance & Injectable,
  { headerSets = [{}], skip = () => false, runs }: { headerSets?: Array<Record<string, string>>; skip?: (route: DeclaredRoute) => boolean; runs?: number } = {},
): Promise<FuzzReport> {
  const report = emptyReport()
  for (const route of routesOf(app)) {
    if (skip(route) || route.url.includes('*')) continue
    for (const headers of headerSets) {
      for (const req of requestsFor(shapeOf(route), headers, { runs })) {
        const payload = req.payload === undefined ? undefined : JSON.stringify(req.payload)
        const res = await app.inject({
          method: req.method,
          url: req.url,
          payload,
          headers: payload === undefined ? req.headers : { 'content-type': 'application/json', ...req.headers },
        })
        record(report, req, { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.body })
      }
    }
  }
  return report
}
