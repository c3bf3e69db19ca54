import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import type { User } from '@/types/user'

import { refreshToken } from './api/session'
import type { SessionResponse } from './types'

/**
 * The browser's session (SPEC §3 "Session", §4 "Auth"). The access token lives only in this
 * module's memory (never in storage a script could read later); the refresh token is an HttpOnly
 * cookie the browser sends to /api/identity only. A reload therefore starts signed out in memory
 * and restores the session with one refresh call.
 *
 * React reads it through useSyncExternalStore (see use-auth.ts); the API client reads the token
 * through the bridge AuthProvider connects.
 */

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out'

export interface AuthState {
  status: AuthStatus
  user: User | null
}

/** SPEC §9: the session is checked every 30 s and refreshed when 90 s or less remain. */
export const REFRESH_CHECK_INTERVAL_MS = 30_000
export const REFRESH_MARGIN_MS = 90_000

let state: AuthState = { status: 'loading', user: null }
let accessToken: string | undefined
let expiresAt = 0
/** The last refresh failed for a reason other than "no session" (offline, 5xx): try again later. */
let refreshFailedTransiently = false
const listeners = new Set<() => void>()

function setState(next: AuthState) {
  state = next
  for (const listener of listeners) listener()
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const getAuthState = (): AuthState => state
export const getAccessToken = (): string | undefined => accessToken

// Other tabs of the same site share the refresh cookie: tell them when this one signs in or out.
// Created on first use in a browser only (the build pre-renders pages in Node, where an open
// channel would keep the process alive).
type TabMessage = 'signed-in' | 'signed-out'
let channel: BroadcastChannel | null | undefined

function tabChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return (channel = null)
  channel = new BroadcastChannel('hc-auth')
  channel.addEventListener('message', (event: MessageEvent<TabMessage>) => {
    if (event.data === 'signed-out') forgetSession()
    else if (event.data === 'signed-in' && state.status !== 'signed-in') void refreshSession().catch(() => {})
  })
  return channel
}

/** Starts listening to the other tabs (AuthProvider calls it once mounted). */
export const listenToOtherTabs = () => void tabChannel()
export const tellOtherTabs = (message: TabMessage) => tabChannel()?.postMessage(message)

/** A session response from sign-in, refresh or account setup: we are signed in as `user`. */
export function acceptSession(session: SessionResponse) {
  accessToken = session.access_token
  expiresAt = Date.now() + session.expires_in * 1000
  refreshFailedTransiently = false
  setState({ status: 'signed-in', user: session.user })
}

/** Forget the session in this tab (the server side is the caller's business). */
export function forgetSession() {
  accessToken = undefined
  expiresAt = 0
  if (state.status !== 'signed-out' || state.user) setState({ status: 'signed-out', user: null })
}

/**
 * The signed-in user's details changed (profile saved): update them without a new token. The role
 * is not taken from here: it only changes with a new token.
 */
export function updateSessionUser(patch: Partial<User> & { id: string }) {
  if (state.status !== 'signed-in' || !state.user || state.user.id !== patch.id) return
  setState({ status: 'signed-in', user: { ...state.user, ...patch, role: state.user.role } })
}

let inFlight: Promise<string | undefined> | undefined

/**
 * Refreshes the session: resolves to the new access token, or undefined when there is no session
 * (no cookie: 204; expired, revoked after a role or password change, reused: 401). Rejects when the
 * server could not be asked (offline, 5xx); the session is kept and retried later.
 *
 * Concurrent callers share one request (rotation makes a refresh token single-use), and across
 * tabs a Web Lock runs one refresh at a time, so each tab sends the cookie the previous one got.
 */
export function refreshSession(): Promise<string | undefined> {
  inFlight ??= runExclusive(attemptRefresh).finally(() => {
    inFlight = undefined
  })
  return inFlight
}

function runExclusive<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? (locks.request('hc-auth-refresh', task) as Promise<T>) : task()
}

async function attemptRefresh(): Promise<string | undefined> {
  const ended = () => {
    const wasSignedIn = state.status === 'signed-in'
    refreshFailedTransiently = false
    forgetSession()
    if (wasSignedIn) notify.info('Session ended', 'Please sign in again to continue.')
    return undefined
  }
  try {
    const session = await refreshToken()
    if (!session) return ended()
    acceptSession(session)
    return session.access_token
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return ended()
    refreshFailedTransiently = true
    // The first check of a page load decides "loading": without an answer we cannot show anyone
    // as signed in. The periodic check tries again.
    if (state.status === 'loading') setState({ status: 'signed-out', user: null })
    throw error
  }
}

/** The periodic check (every 30 s): refresh when 90 s or less remain, or retry a failed refresh. */
export function refreshIfDue(now = Date.now()) {
  const due =
    (state.status === 'signed-in' && expiresAt - now <= REFRESH_MARGIN_MS) ||
    (state.status === 'signed-out' && refreshFailedTransiently)
  if (due) void refreshSession().catch(() => {})
}
