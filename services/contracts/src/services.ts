/**
 * The platform's services, in start order (identity first: the others fetch its keys). The one
 * list the launcher, the gateway, the test runner and the manifest checks read; a new service is
 * added here and everything that runs, routes, tests or deploys services picks it up.
 */
export const SERVICE_REGISTRY = [
  { name: 'identity', dir: 'services/identity', schema: 'identity', gatewayPrefix: 'identity', gatewayEnv: 'IDENTITY_URL' },
  { name: 'scheduling', dir: 'services/scheduling', schema: 'scheduling', gatewayPrefix: 'scheduling', gatewayEnv: 'SCHEDULING_URL' },
  { name: 'messaging-sync', dir: 'services/messaging-sync', schema: 'messaging', gatewayPrefix: 'messaging', gatewayEnv: 'MESSAGING_URL' },
  { name: 'catalogue', dir: 'services/catalogue', schema: 'catalogue', gatewayPrefix: 'catalogue', gatewayEnv: 'CATALOGUE_URL' },
  { name: 'content', dir: 'services/content', schema: 'content', gatewayPrefix: 'content', gatewayEnv: 'CONTENT_URL' },
] as const satisfies readonly ServiceEntry[]

export interface ServiceEntry {
  /** Process, log file, container and Deployment name. */
  name: string
  /** Workspace folder, relative to the repository root. */
  dir: string
  /** The PostgreSQL schema the service owns (no other service reads it). */
  schema: string
  /** Public API path at the gateway: /api/<gatewayPrefix>/… */
  gatewayPrefix: string
  /** The gateway's setting holding the service's URL (comma-separated replicas). */
  gatewayEnv: string
}

export type ServiceName = (typeof SERVICE_REGISTRY)[number]['name']

/** A service's entry in the registry. */
export function serviceNamed<N extends ServiceName>(name: N): Extract<(typeof SERVICE_REGISTRY)[number], { name: N }> {
  return SERVICE_REGISTRY.find((entry) => entry.name === name) as Extract<(typeof SERVICE_REGISTRY)[number], { name: N }>
}
