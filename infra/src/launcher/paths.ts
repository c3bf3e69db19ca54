import path from 'node:path'
// The registry alone: the package's index would load zod and the phone library into every start.
import { SERVICE_REGISTRY, type ServiceName } from '@hearing/contracts/services'
import { fileURLToPath } from 'node:url'

/** The repository root (this file is infra/{src,dist}/launcher/paths). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface ProcessSpec {
  /** Name shown in messages and used for the log file. */
  name: string
  /** Workspace directory relative to the repo root. */
  dir: string
  /** Route prefix at the gateway and the env variable that gives the gateway its URL. */
  gatewayEnv?: string
  /** Optional settings handed through from the launcher's own environment when set there. */
  passThrough?: readonly string[]
}

/** Settings each service takes from the launcher's own environment when set there. */
const PASS_THROUGH: Record<ServiceName, readonly string[]> = {
  identity: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_ISSUER', 'ACCESS_TOKEN_TTL_SECONDS', 'REFRESH_TOKEN_TTL_DAYS', 'SESSION_MAX_DAYS', 'SIGNING_KEY_SECRET_PREVIOUS', 'SIGNING_KEY_ROTATE_DAYS'],
  scheduling: ['BOOKING_HORIZON_DAYS', 'BOOKING_MAX_PENDING_PER_VISITOR', 'BOOKING_MAX_PENDING_PER_DAY', 'APPOINTMENT_REMINDERS', 'REMINDER_SWEEP_SECONDS'],
  'messaging-sync': ['SMTP_URL', 'EMAIL_FROM', 'MESSAGING_PROVIDER', 'MESSAGING_RATE_PER_MINUTE', 'CONTACT_MESSAGES_PER_HOUR', 'PODIUM_CLIENT_ID', 'PODIUM_CLIENT_SECRET', 'PODIUM_API_URL', 'PODIUM_AUTHORIZE_URL', 'PODIUM_TOKEN_URL', 'PODIUM_VERSION', 'PODIUM_TIMEOUT_MS', 'PROVIDER_TOKEN_SECRET_PREVIOUS', 'RETENTION_MONTHS', 'RETENTION_SWEEP_HOURS'],
  catalogue: ['STORE_PROVIDER', 'SHOPIFY_STORE_URL', 'SHOPIFY_STOREFRONT_TOKEN', 'SHOPIFY_API_VERSION', 'STORE_TIMEOUT_MS', 'ORDER_REQUESTS_PER_HOUR', 'RETENTION_MONTHS', 'RETENTION_SWEEP_HOURS'],
  content: [
    'REVIEWS_PROVIDER', 'GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACE_ID', 'GOOGLE_PLACES_BASE_URL', 'REVIEWS_TIMEOUT_MS',
    'ARTICLES_PROVIDER', 'ARTICLES_DIR', 'SHOPIFY_STORE_URL', 'SHOPIFY_STOREFRONT_TOKEN', 'SHOPIFY_API_VERSION', 'ARTICLES_TIMEOUT_MS',
    'ANALYTICS_RETENTION_MONTHS', 'RETENTION_SWEEP_HOURS',
  ],
}

/** The services of the registry (@hearing/contracts), in start order (identity first: the others fetch its keys). */
export const SERVICES: readonly (ProcessSpec & { gatewayEnv: string })[] = SERVICE_REGISTRY.map(({ name, dir, gatewayEnv }) => ({ name, dir, gatewayEnv, passThrough: PASS_THROUGH[name] }))

export const GATEWAY: ProcessSpec = { name: 'gateway', dir: 'gateway', passThrough: ['TRUSTED_PROXIES', 'RATE_LIMIT_MAX', 'RATE_LIMIT_WINDOW_MS'] }

/** The variables among `names` that are set in `env`. */
export function pick(env: NodeJS.ProcessEnv, names: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]!]])))
}
