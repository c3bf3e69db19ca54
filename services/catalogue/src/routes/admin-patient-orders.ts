import { staffOrderRequestView } from '@hearing/contracts'
import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { Database } from '../database.js'
import { listPatientOrderRequests } from '../orders.js'

/** Whose order requests: the account, and the address they may have ordered with while signed out. */
const patientQuery = z.object({ user_id: z.uuid({ error: 'must be a user id' }), email: z.string().trim().max(320).pipe(z.email('must be an e-mail address')).optional() })

/** A patient's page: their order requests, newest first (staff and admins). */
export const adminPatientOrderRoutes: RouteGroup<Database> = (app) => {
  app.get(
    '/admin/patient-orders',
    {
      preHandler: app.requireRole('staff', 'admin'),
      config: { audit: { action: 'order.list', kind: 'order' } },
      schema: { querystring: patientQuery, response: { 200: z.object({ orders: z.array(staffOrderRequestView) }), 400: errorBody, 401: errorBody, 403: errorBody } },
    },
    async (req) => {
      req.auditFacts.patientId = req.query.user_id
      return { orders: await listPatientOrderRequests(app.db, req.query.user_id, req.query.email) }
    },
  )
}
