import { serviceNamed } from '@hearing/contracts'
import { createService, registerPersonalDataRoutes, routeGroup, type BuildOptions, type SchemaPlan, type ServiceApp } from '@hearing/service-kit'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { appointmentTypesRoutes } from './routes/appointment-types.js'
import { adminAppointmentRoutes } from './routes/admin-appointments.js'
import { adminPatientAppointmentRoutes } from './routes/admin-patient-appointments.js'
import { bookingRoutes } from './routes/bookings.js'
import { closedDateRoutes } from './routes/closed-dates.js'
import { myAppointmentRoutes } from './routes/my-appointments.js'
import { migrations } from './migrations/index.js'
import { schedulingPersonalData } from './personal-data.js'
import { seed } from './seed.js'
import { sendDueReminders } from './reminders.js'

export const SERVICE = 'scheduling'
export const SCHEMA = serviceNamed(SERVICE).schema

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan<Database> = { schema: SCHEMA, migrations, seed }

export interface SchedulingBuildOptions extends BuildOptions {
  /** The clock availability is computed against (tests set it). */
  now?: () => Date
}

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks, background = true, now = () => new Date() }: SchedulingBuildOptions = {}): Promise<ServiceApp<Database>> {
  // Booking requests, patient e-mails and provider syncs leave through the kit's outbox (MESSAGING_INTERNAL_URL);
  // the provider syncs' status comes back into it, for staff's lists.
  const app = await createService<Database>(config, { name: SERVICE, schema: SCHEMA, migrations, logLevel, jwks, background, outbox: { trackTopics: ['appointment'] } })
  await app.register(routeGroup(appointmentTypesRoutes))
  await app.register(routeGroup(bookingRoutes), {
    now,
    horizonDays: config.BOOKING_HORIZON_DAYS,
    limits: { maxPendingPerVisitor: config.BOOKING_MAX_PENDING_PER_VISITOR, maxPendingPerDay: config.BOOKING_MAX_PENDING_PER_DAY },
  })
  await app.register(routeGroup(myAppointmentRoutes), { now })
  await app.register(routeGroup(adminAppointmentRoutes), { now, publicUrl: config.PUBLIC_URL })
  await app.register(routeGroup(adminPatientAppointmentRoutes), { now })
  await app.register(routeGroup(closedDateRoutes), { now, publicUrl: config.PUBLIC_URL })
  // Identity's "Download my data" and account deletion (service credential).
  registerPersonalDataRoutes(app, SERVICE, schedulingPersonalData(app.db, now))
  if (background) startReminders(app, config, now)
  return app
}

/** Every replica looks for due reminders now and then; the reminders table lets one alone send each. */
function startReminders(app: ServiceApp<Database>, config: Config, now: () => Date) {
  let timer: NodeJS.Timeout | undefined
  const sweep = () =>
    sendDueReminders(app.db, { now: now(), offsets: config.APPOINTMENT_REMINDERS, publicUrl: config.PUBLIC_URL })
      .then((sent) => {
        if (sent > 0) {
          app.log.info({ sent }, 'appointment reminders queued')
          app.outboxRelay?.nudge()
        }
      })
      .catch((err: unknown) => app.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'reminder sweep failed'))
  app.addHook('onReady', async () => {
    void sweep()
    timer = setInterval(() => void sweep(), config.REMINDER_SWEEP_SECONDS * 1000)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
