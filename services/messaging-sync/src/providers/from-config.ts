import { createSealer } from '@hearing/service-kit'
import type { Kysely } from 'kysely'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { localProvider } from './local.js'
import { podiumClient } from './podium/client.js'
import { podiumProvider } from './podium/index.js'
import { podiumTokens, type PodiumTokens } from './podium/tokens.js'
import type { MessagingProvider } from './provider.js'

/**
 * The provider MESSAGING_PROVIDER names. With Podium also its OAuth tokens (null otherwise): admins
 * connect the account through them (routes/provider.ts).
 */
export function providerFromConfig(
  db: Kysely<Database>,
  config: Config,
  { retryAfterMs }: { retryAfterMs?: number } = {},
): { provider: MessagingProvider; podium: PodiumTokens | null } {
  if (config.MESSAGING_PROVIDER !== 'podium') return { provider: localProvider(db), podium: null }
  const podium = podiumTokens(db, {
    // The config schema demands both with MESSAGING_PROVIDER=podium.
    clientId: config.PODIUM_CLIENT_ID!,
    clientSecret: config.PODIUM_CLIENT_SECRET!,
    authorizeUrl: config.PODIUM_AUTHORIZE_URL,
    tokenUrl: config.PODIUM_TOKEN_URL,
    redirectUri: `${config.PUBLIC_URL}/api/messaging/podium/callback`,
    timeoutMs: config.PODIUM_TIMEOUT_MS,
    sealer: createSealer({
      secret: config.PROVIDER_TOKEN_SECRET!,
      previous: config.PROVIDER_TOKEN_SECRET_PREVIOUS,
      salt: 'messaging-sync',
      info: 'provider-token-wrap v1',
      secretName: 'PROVIDER_TOKEN_SECRET',
      what: 'provider token',
    }),
  })
  const client = podiumClient(podium, { apiUrl: config.PODIUM_API_URL, version: config.PODIUM_VERSION, timeoutMs: config.PODIUM_TIMEOUT_MS, retryAfterMs })
  return { provider: podiumProvider(db, client), podium }
}
