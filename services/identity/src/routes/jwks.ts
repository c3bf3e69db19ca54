import type { RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { Database } from '../database.js'
import type { KeyStore } from '../signing-keys/index.js'

// Declared member by member: the response schema itself keeps anything else (a private `d`) out.
const publicJwk = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
})

/** The public keys every service verifies access tokens with. */
export const jwksRoutes: RouteGroup<Database, { keys: KeyStore }> = (app, { keys }) => {
  app.get('/.well-known/jwks.json', { schema: { response: { 200: z.object({ keys: z.array(publicJwk) }) } } }, async (_req, reply) => {
    const { jwks } = await keys.current()
    reply.header('cache-control', 'public, max-age=300')
    return jwks
  })
}
