import {
  erasureOutcome,
  PERSONAL_DATA_ERASE_PATH,
  PERSONAL_DATA_EXPORT_PATH,
  personalDataPart,
  type ErasureOutcome,
  type PersonalDataPart,
  type PersonalDataService,
  type PersonalDataSubject,
} from '@hearing/contracts'
import { INTERNAL_TOKEN_HEADER } from '@hearing/service-kit'
import type { z } from 'zod'
import type { Config } from '../config.js'

/** The other services' part of a person's data, through their internal routes (service credential). */
export interface PersonalDataServices {
  exportPart(service: PersonalDataService, subject: PersonalDataSubject): Promise<PersonalDataPart>
  erase(service: PersonalDataService, subject: PersonalDataSubject): Promise<ErasureOutcome>
}

type ServiceUrls = Pick<Config, 'INTERNAL_TOKEN' | 'SCHEDULING_INTERNAL_URL' | 'CATALOGUE_INTERNAL_URL' | 'CONTENT_INTERNAL_URL' | 'MESSAGING_INTERNAL_URL'>

export function personalDataServices(config: ServiceUrls, timeoutMs = 10_000): PersonalDataServices {
  const urls: Record<PersonalDataService, string | undefined> = {
    scheduling: config.SCHEDULING_INTERNAL_URL,
    catalogue: config.CATALOGUE_INTERNAL_URL,
    content: config.CONTENT_INTERNAL_URL,
    'messaging-sync': config.MESSAGING_INTERNAL_URL,
  }
  async function call<S extends z.ZodType>(service: PersonalDataService, path: string, subject: PersonalDataSubject, schema: S): Promise<z.output<S>> {
    const base = urls[service]
    if (!base) throw new Error(`${service} is not configured`)
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: config.INTERNAL_TOKEN },
      body: JSON.stringify(subject),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!res.ok) {
      await res.body?.cancel()
      throw new Error(`${service} answered HTTP ${res.status}`)
    }
    return schema.parse(await res.json())
  }
  return {
    exportPart: (service, subject) => call(service, PERSONAL_DATA_EXPORT_PATH, subject, personalDataPart),
    erase: (service, subject) => call(service, PERSONAL_DATA_ERASE_PATH, subject, erasureOutcome),
  }
}
