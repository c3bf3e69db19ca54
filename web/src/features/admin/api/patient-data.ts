import type { ErasureStatus, PersonalDataExport } from '@hearing/contracts'

import { api } from '@/lib/api-client'

const userPath = (id: string) => `/identity/admin/users/${encodeURIComponent(id)}`

/** GET /api/identity/admin/users/:id/data (staff or admin, audited): the patient's data from every service. */
export function getPatientData(id: string): Promise<PersonalDataExport> {
  return api.get<PersonalDataExport>(`${userPath(id)}/data`)
}

/** POST /api/identity/admin/users/:id/erase (staff or admin, audited): deletes a customer's account on their behalf. */
export function erasePatient(id: string): Promise<ErasureStatus> {
  return api.post<ErasureStatus>(`${userPath(id)}/erase`)
}
