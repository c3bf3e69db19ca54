import path from 'node:path'
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
}

/** The five services, in start order (identity first: the others fetch its keys). */
export const SERVICES: readonly (ProcessSpec & { gatewayEnv: string })[] = [
  { name: 'identity', dir: 'services/identity', gatewayEnv: 'IDENTITY_URL' },
  { name: 'scheduling', dir: 'services/scheduling', gatewayEnv: 'SCHEDULING_URL' },
  { name: 'messaging-sync', dir: 'services/messaging-sync', gatewayEnv: 'MESSAGING_URL' },
  { name: 'catalogue', dir: 'services/catalogue', gatewayEnv: 'CATALOGUE_URL' },
  { name: 'content', dir: 'services/content', gatewayEnv: 'CONTENT_URL' },
]

export const GATEWAY: ProcessSpec = { name: 'gateway', dir: 'gateway' }
