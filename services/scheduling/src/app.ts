import { serviceNamed } from '@hearing/contracts'
import { createService, routeGroup, type BuildOptions, type SchemaPlan, type ServiceApp } from '@hearing/service-kit'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { appointmentTypesRoutes } from './routes/appointment-types.js'
import { adminAppointmentRoutes } from './routes/admin-appointments.js'
import { bookingRoutes } from './routes/bookings.js'
import { closedDateRoutes } from './routes/closed-dates.js'
import { myAppointmentRoutes } from './routes/my-appointments.js'
import { migrations } from './migrations/index.js'
import { seed } from './seed.js'

export const SERVICE = 'scheduling'
export const SCHEMA = serviceNamed(SERVICE).schema

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan<Database> = { schema: SCHEMA, migrations, seed }

export interface SchedulingBuildOptions extends BuildOptions {
  /** The clock availability is computed against (tests set it). */
  now?: () => Date
}

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks, background, now = () => new Date() }: SchedulingBuildOptions = {}): Promise<ServiceApp<Database>> {
  // Booking requests, patient e-mails and provider syncs leave through the kit's outbox (MESSAGING_INTERNAL_URL).
  const app = await createService<Database>(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks, background, outbox: {} })
  await app.register(routeGroup(appointmentTypesRoutes))
  await app.register(routeGroup(bookingRoutes), { now })
  await app.register(routeGroup(myAppointmentRoutes), { now })
  await app.register(routeGroup(adminAppointmentRoutes), { now, publicUrl: config.PUBLIC_URL })
  await app.register(routeGroup(closedDateRoutes), { now })
  return app
}
