import { sessionCheckAnswer, sessionCheckRequest, type App, type SessionCheck } from '@hearing/service-kit'

/** The other services' requireRole asks here whether a token's session still stands (the kit's sessions.ts). */
export function internalSessionRoutes(app: App, check: SessionCheck) {
  app.post(
    '/internal/sessions/check',
    { logLevel: 'warn', schema: { body: sessionCheckRequest, response: { 200: sessionCheckAnswer } } },
    async (req) => check({ id: req.body.sub, role: req.body.role, ...(req.body.sid ? { sessionId: req.body.sid } : {}) }),
  )
}
