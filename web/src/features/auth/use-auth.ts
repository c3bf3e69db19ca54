import { useSyncExternalStore } from 'react'

import { trackEvent } from '@/lib/analytics'
import type { Role, User } from '@/types/user'

import { signIn as signInRequest, signOut as signOutRequest, type SignInInput } from './api/session'
import {
  acceptSession,
  type AuthState,
  forgetSession,
  getAuthState,
  refreshSession,
  subscribe,
  tellOtherTabs,
  updateSessionUser,
} from './session-store'
import type { SessionResponse } from './types'

/** Signs in with e-mail and password; throws the API error (401, 403 unconfirmed, 429) as is. */
async function signIn(input: SignInInput): Promise<User> {
  const session = await signInRequest(input)
  startSession(session)
  trackEvent('Signed-in')
  return session.user
}

/** A session obtained another way (account setup): same as signing in. */
function startSession(session: SessionResponse) {
  acceptSession(session)
  tellOtherTabs('signed-in')
}

/**
 * Signs out everywhere this browser is signed in. The local session is forgotten even when the
 * server cannot be reached: the user asked to be signed out of this device.
 */
async function signOut(): Promise<void> {
  try {
    await signOutRequest()
  } catch (error) {
    console.error('Sign-out request failed; the local session is cleared anyway.', error)
  } finally {
    forgetSession()
    tellOtherTabs('signed-out')
  }
}

const actions = {
  signIn,
  signOut,
  startSession,
  /** Refreshes the session now (e.g. to pick up a new role); resolves false when it is gone. */
  refresh: () => refreshSession().then(Boolean),
  updateUser: updateSessionUser,
}

/**
 * What the pre-rendered HTML was drawn with (no session is known at build time): hydration renders
 * with it too, whatever this tab knows by then (a refresh that answered while a part of the page
 * was still loading), and React renders the parts that differ again right after.
 */
const serverState: AuthState = { status: 'loading', user: null }
const getServerState = () => serverState

/**
 * The current session: `status` is 'loading' until the first refresh answers, then 'signed-in'
 * (with `user` and `role` from the access token's account) or 'signed-out'.
 */
export function useAuth() {
  const state = useSyncExternalStore(subscribe, getAuthState, getServerState)
  const role: Role | null = state.user?.role ?? null
  return { ...state, role, ...actions }
}
