import { sessionCheckAnswer, sessionCheckRequest, type RouteGroup, type SessionCheck } from '@hearing/service-kit'
import type { Database } from '../database.js'

/** The other services' requireRole asks here whether a token's session still stands (the kit's sessions.ts). */
export const internalSessionRoutes: RouteGroup<Database, { check: SessionCheck }> = (app, { check }) => {
  app.post(
    '/internal/sessions/check',
    { logLevel: 'warn', schema: { body: sessionCheckRequest, response: { 200: sessionCheckAnswer } } },
    async (req) => check({ id: req.body.sub, role: req.body.role, sessionId: req.body.sid }),
  )
}
