import type { JsonSchema } from './arbitraries.js'
import { emptyReport, record, requestsFor, type FuzzReport, type RouteShape } from './fuzz.js'

/** The parts of an OpenAPI 3.1 document (as the services' @fastify/swagger writes it) the fuzzer reads. */
export interface OpenApiParameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: JsonSchema
}
export interface OpenApiOperation {
  parameters?: OpenApiParameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}
export interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, OpenApiOperation>>
}

/** A Fastify route path as the document names it: /things/:id is /things/{id}. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch'])

/** Every operation of a document as the fuzzer reads a route: /things/{id} is /things/:id again. */
export function shapesOf(document: OpenApiDocument): RouteShape[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => {
        const parameters = op.parameters ?? []
        const query = parameters.filter((p) => p.in === 'query')
        return {
          method: method.toUpperCase(),
          url: path.replace(/\{([^}]+)\}/g, ':$1'),
          params: Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema])),
          query: query.length
            ? { type: 'object', properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])), required: query.filter((p) => p.required).map((p) => p.name) }
            : undefined,
          body: op.requestBody?.content?.['application/json']?.schema,
        }
      }),
  )
}

/** Where one route's requests go, with which headers; undefined: not fuzzed. */
export type Destination = (route: RouteShape) => { base: string; headers: Record<string, string> } | undefined

/** No answer within this long counts as a failure: a hang is as bad as a 500. */
const ANSWER_WITHIN_MS = 10_000

/**
 * Fuzzes a running service from its OpenAPI document: `runs` drawn requests per operation, sent over
 * HTTP to where `destination` says (the gateway, or the service itself for its internal routes),
 * `concurrency` at a time.
 */
export async function fuzzDocument(document: OpenApiDocument, destination: Destination, { runs = 20, concurrency = 4 } = {}): Promise<FuzzReport> {
  const report = emptyReport()
  const queue = shapesOf(document).flatMap((route) => {
    const to = destination(route)
    return to ? requestsFor(route, to.headers, { runs }).map((req) => ({ base: to.base, req })) : []
  })
  const send = async ({ base, req }: (typeof queue)[number]) => {
    const body = req.payload === undefined ? undefined : JSON.stringify(req.payload)
    const headers = body === undefined ? req.headers : { 'content-type': 'application/json', ...req.headers }
    try {
      const res = await fetch(`${base}${req.url}`, { method: req.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(ANSWER_WITHIN_MS) })
      record(report, req, { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() })
    } catch (err) {
      record(report, req, { status: 0, body: `no answer: ${err instanceof Error ? err.message : String(err)}` })
    }
  }
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await send(next)
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return report
}
