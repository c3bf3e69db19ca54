import { appointmentType } from '@hearing/contracts'
import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { listActiveAppointmentTypes } from '../appointment-type-store.js'
import type { Database } from '../database.js'

const query = z.object({
  location_uid: z
    .string({ error: 'must be given at most once' })
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a location uid (1-64 letters, digits or dashes)')
    .optional(),
})

/** The spec's appointment_types read: active types, optionally of one location, in sort order. */
export const appointmentTypesRoutes: RouteGroup<Database> = (app) => {
  app.get(
    '/appointment-types',
    { schema: { querystring: query, response: { 200: z.array(appointmentType), 400: errorBody } } },
    async (req) => listActiveAppointmentTypes(app.db, req.query.location_uid),
  )
}
