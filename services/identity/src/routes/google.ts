import { asPatientLanguage, pathInLanguage, patientLanguage, type PatientLanguage } from '@hearing/contracts'
import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import type { OAuth2Namespace } from '@fastify/oauth2'
import { z } from 'zod'
import { accountForGoogle } from '../accounts/google-accounts.js'
import type { Config } from '../config.js'
import type { Database } from '../database.js'
import { hostAndPath, idTokenVerifier, nonceFor, type GoogleSetup } from '../google/provider.js'
import { startSession } from '../http.js'
import { MESSAGES } from '../messages.js'

const FAILED = '/auth?google=failed'
/** The site's language the sign-in started from: a new account gets it, and the browser comes back to that language's pages. */
const LANGUAGE_COOKIE = 'google-language'
const LANGUAGE_COOKIE_SECONDS = 10 * 60

/**
 * "Continue with Google": authorization code flow with PKCE (S256), state (cookie) and nonce, the
 * ID token verified here (the plugin does not), users keyed on Google's `sub`.
 */
export const googleRoutes: RouteGroup<Database, { config: Config; setup: GoogleSetup | null }> = async (app, { config, setup }) => {
  app.get('/google/status', { schema: { response: { 200: z.object({ enabled: z.boolean() }) } } }, async () => ({ enabled: setup !== null }))

  if (!setup) {
    app.get('/google/start', { schema: { response: { 503: errorBody } } }, async (_req, reply) => reply.code(503).send(errorPayload(503, MESSAGES.googleNotSetUp)))
    app.get('/google/callback', async (_req, reply) => reply.redirect(FAILED, 302))
    return
  }

  const googlePrefix = `${config.PUBLIC_API_PREFIX}/google`
  const authorize = hostAndPath(setup.authorizationEndpoint)
  const token = hostAndPath(setup.tokenEndpoint)
  // Loaded only when Google sign-in is set up: the plugin and its OAuth client are a good share of identity's boot.
  const { default: oauthPlugin } = await import('@fastify/oauth2')
  await app.register(oauthPlugin, {
    name: 'googleOAuth2',
    scope: ['openid', 'email', 'profile'],
    credentials: {
      client: { id: setup.clientId, secret: setup.clientSecret },
      auth: { authorizeHost: authorize.host, authorizePath: authorize.path, tokenHost: token.host, tokenPath: token.path },
      http: { timeout: 10_000 },
    },
    callbackUri: `${config.PUBLIC_URL}${googlePrefix}/callback`,
    pkce: 'S256',
    // Lax, not Strict: the callback is a navigation coming back from Google.
    cookie: { path: googlePrefix, secure: config.COOKIE_SECURE, sameSite: 'lax', httpOnly: true },
  })
  const oauth = (app as unknown as { googleOAuth2: OAuth2Namespace }).googleOAuth2
  const verifyIdToken = idTokenVerifier(setup)
  const secret = config.INTERNAL_TOKEN

  const languageCookie = { path: googlePrefix, secure: config.COOKIE_SECURE, sameSite: 'lax', httpOnly: true } as const
  app.get('/google/start', { schema: { querystring: z.object({ language: patientLanguage.optional() }) } }, async (req, reply) => {
    const uri = new URL(await oauth.generateAuthorizationUri(req, reply))
    uri.searchParams.set('nonce', nonceFor(uri.searchParams.get('state') ?? '', secret))
    if (req.query.language) reply.setCookie(LANGUAGE_COOKIE, req.query.language, { ...languageCookie, maxAge: LANGUAGE_COOKIE_SECONDS })
    else reply.clearCookie(LANGUAGE_COOKIE, languageCookie)
    reply.header('cache-control', 'no-store')
    return reply.redirect(uri.toString(), 302)
  })

  app.get(
    '/google/callback',
    { schema: { querystring: z.object({ code: z.string().max(2048).optional(), state: z.string().max(512).optional(), error: z.string().max(200).optional() }) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      const language: PatientLanguage = asPatientLanguage(req.cookies[LANGUAGE_COOKIE])
      reply.clearCookie(LANGUAGE_COOKIE, languageCookie)
      const failed = pathInLanguage(language, FAILED)
      if (req.query.error || !req.query.code || !req.query.state) {
        req.log.info({ reason: req.query.error ?? 'no code' }, 'Google sign-in not completed')
        return reply.redirect(failed, 302)
      }
      let identity
      try {
        // Checks the state against the browser's cookie, then redeems the code with the PKCE verifier.
        const { token: tokens } = await oauth.getAccessTokenFromAuthorizationCodeFlow(req, reply)
        if (!tokens.id_token) throw new Error('no id_token in the token response')
        identity = await verifyIdToken(tokens.id_token, nonceFor(req.query.state, secret))
      } catch (err) {
        req.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'Google sign-in failed')
        return reply.redirect(failed, 302)
      }
      const outcome = await accountForGoogle(app.db, identity, language)
      if ('refused' in outcome) {
        req.log.info({ reason: outcome.refused }, 'Google sign-in refused')
        return reply.redirect(`${failed}&reason=${outcome.refused}`, 302)
      }
      if (outcome.user.deactivated_at) {
        req.log.info({ userId: outcome.user.id }, 'Google sign-in refused: account deactivated')
        return reply.redirect(`${failed}&reason=deactivated`, 302)
      }
      await startSession(app, config, reply, outcome.user)
      req.log.info({ userId: outcome.user.id }, 'signed in with Google')
      return reply.redirect(pathInLanguage(language, '/'), 302)
    },
  )
}
