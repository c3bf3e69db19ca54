/**
 * The one HTTP client of the SPA: every call to our API goes through here.
 * - Paths are relative to /api (the gateway routes /api/<service>/… to the services).
 * - Cookies travel same-origin only (the refresh-token cookie; see ARCHITECTURE "Auth").
 * - Any answer other than 2xx throws an ApiError carrying the status and the parsed body, so SWR's
 *   `error` and a caller's `catch` see the same shape. A network failure is an ApiError with status 0.
 *
 * - When signed in, requests carry `Authorization: Bearer <access token>`. A 401 answer to such a
 *   request triggers one session refresh (shared by all concurrent callers) and one retry with the
 *   new token; if the session cannot be refreshed, or the retry is refused too, the user is signed
 *   out. The token itself lives in memory in the auth feature, which plugs in with `connectAuth`.
 */

import { inPageLanguage, needSpanish } from '@/i18n/i18n'

export const API_BASE = '/api'

/** A failed request's words for the patient: (status, body, the English sentence) -> the sentence in the page's language. */
export type ErrorWords = (status: number, body: unknown, english: string) => string

/**
 * As it is on English pages; on Spanish ones src/i18n/server-errors.ts, loaded with its catalog the
 * first time a request fails (most visits have none). Should that load fail too (offline), English.
 */
async function errorInPageLanguage(status: number, body: unknown, english: string): Promise<string> {
  const loaded = await needSpanish('messages/errors', 'content/error-words').then(
    () => true,
    () => false,
  )
  return (loaded && inPageLanguage<ErrorWords | null>('error-words', null)?.(status, body, english)) || english
}

export class ApiError extends Error {
  override readonly name = 'ApiError'

  constructor(
    /** HTTP status; 0 when no response arrived (offline, DNS, connection refused, aborted). */
    readonly status: number,
    /** The parsed response body: JSON when the server sent JSON, else text (or undefined). */
    readonly body: unknown,
    /** What to tell the user, in the page's language (on Spanish pages a Spanish text: src/i18n/server-errors.ts). */
    message: string,
    /** The same in English, as the server (or this client) said it: for code that looks at the words. */
    readonly englishMessage: string = message,
  ) {
    super(message)
  }
}

type JsonBody = Record<string, unknown> | unknown[]

interface RequestOptions extends Omit<RequestInit, 'body' | 'method'> {
  body?: JsonBody
  /**
   * false: send no access token and never refresh on 401 (the auth endpoints themselves: sign-in,
   * token refresh, …). Default true.
   */
  auth?: boolean
}

/** What the API client needs from the session owner (the auth feature). */
export interface AuthBridge {
  /** The current access token, or undefined when signed out. */
  accessToken(): string | undefined
  /**
   * A fresh access token after refreshing the session (concurrent callers share one refresh), or
   * undefined when the session is gone. Rejects when the refresh could not be attempted (offline).
   */
  refresh(): Promise<string | undefined>
  /** The server refused a freshly refreshed token: the session cannot be used, sign out. */
  sessionEnded(): void
}

let authBridge: AuthBridge | undefined

/** Plugs the session owner in; returns the function that unplugs it. */
export function connectAuth(bridge: AuthBridge): () => void {
  authBridge = bridge
  return () => {
    if (authBridge === bridge) authBridge = undefined
  }
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined
  const text = await res.text()
  if (!text) return undefined
  const type = res.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  return text
}

/** The message a server put in its error body (Fastify: `{ statusCode, error, message }`), if any. */
function messageFrom(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message
  }
  return undefined
}

/**
 * What to tell the user. 4xx messages are written for callers (validation, not found, …); 5xx
 * bodies say nothing useful to a patient, so they get a plain sentence instead.
 */
function userMessage(status: number, body: unknown): string {
  if (status === 429) return 'Too many requests. Please wait a moment and try again.'
  if (status >= 500) return 'Our server is having trouble right now. Please try again in a moment.'
  return messageFrom(body) ?? `The request could not be completed (error ${status}).`
}

async function send(method: string, path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
  const { body, headers, auth: _auth, ...init } = options
  const requestHeaders = new Headers(headers)
  requestHeaders.set('accept', 'application/json')
  if (body !== undefined) requestHeaders.set('content-type', 'application/json')
  if (token) requestHeaders.set('authorization', `Bearer ${token}`)

  try {
    return await fetch(`${API_BASE}${path}`, {
      ...init,
      method,
      headers: requestHeaders,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    const english = 'Could not reach the server. Please check your connection and try again.'
    throw new ApiError(0, undefined, await errorInPageLanguage(0, undefined, english), english)
  }
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const bridge = options.auth === false ? undefined : authBridge
  const token = bridge?.accessToken()
  let res = await send(method, path, options, token)

  if (res.status === 401 && bridge && token) {
    // The access token expired or was revoked: refresh the session once and retry once.
    const fresh = await bridge.refresh().catch(() => undefined)
    if (fresh) {
      res = await send(method, path, options, fresh)
      if (res.status === 401) bridge.sessionEnded()
    }
  }

  // "Busy, nothing was done, ask again in a moment": our services and gateway send a 503 with a
  // Retry-After only then (a service starting or restarting, the password hasher at capacity, the
  // database briefly away), so even a write is asked again, a couple of times, rather than shown to
  // the patient as an error. A 503 without one (an outside provider down) is not retried.
  for (let retries = 0; res.status === 503 && retries < BUSY_RETRIES; retries++) {
    const wait = retryAfterSeconds(res)
    if (wait === undefined || wait > BUSY_RETRY_MAX_SECONDS) break
    await new Promise((resolve) => setTimeout(resolve, wait * 1000))
    res = await send(method, path, options, bridge?.accessToken())
  }

  const parsed = await parseBody(res)
  if (!res.ok) {
    const english = userMessage(res.status, parsed)
    throw new ApiError(res.status, parsed, await errorInPageLanguage(res.status, parsed, english), english)
  }
  return parsed as T
}

const BUSY_RETRIES = 2
const BUSY_RETRY_MAX_SECONDS = 5

/** Retry-After in whole seconds, when the answer gives one as a number. */
function retryAfterSeconds(res: Response): number | undefined {
  const value = res.headers.get('retry-after')
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return undefined
  return Number(value.trim())
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: JsonBody, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: JsonBody, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: JsonBody, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
}

/** SWR's default fetcher: the SWR key is the API path (e.g. '/messaging/locations'). */
export const fetcher = <T>(path: string) => api.get<T>(path)

/** Whether retrying could help: network failures, 5xx and 429 yes; other 4xx no. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  return error.status === 0 || error.status === 429 || error.status >= 500
}
