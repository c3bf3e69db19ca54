import type { ErasureStatus, PersonalDataExport, PersonalDataPart } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'
import { readCookieConsent } from '@/lib/cookie-consent'

export const myDataKey = '/identity/me/data'

/** The consent choices this browser keeps (never sent to the server): part of "my data" too. */
function browserPart(): PersonalDataPart {
  const cookies = readCookieConsent()
  return {
    service: 'this browser',
    sections: [{ key: 'consent', title: 'Consent choices', records: [{ choice: 'Cookies and site statistics', answer: cookies ?? 'not chosen yet', kept: 'in this browser only' }] }],
  }
}

/** GET /api/identity/me/data: every service's part, plus this browser's consent choices. */
export async function getMyData(): Promise<PersonalDataExport> {
  const data = await api.get<PersonalDataExport>(myDataKey)
  return { ...data, parts: [...data.parts, browserPart()] }
}

/** SWR hook; keyed by user so another account never sees a cached copy. */
export function useMyData(userId: string | null) {
  return useSWR<PersonalDataExport, ApiError>(userId ? [myDataKey, userId] : null, getMyData, { revalidateOnFocus: false })
}

/** POST /api/identity/me/deletion: e-mails the link that confirms the deletion. */
export function requestAccountDeletion(): Promise<{ sent_to: string }> {
  return api.post<{ sent_to: string }>('/identity/me/deletion')
}

/** POST /api/identity/account-deletion: the e-mailed link's token; the account is deleted. */
export function confirmAccountDeletion(token: string): Promise<ErasureStatus> {
  return api.post<ErasureStatus>('/identity/account-deletion', { token }, { auth: false })
}

/** GET /api/identity/account-deletion/:id: where a deletion stands (polled while a part is retried). */
export function getDeletionStatus(id: string): Promise<ErasureStatus> {
  return api.get<ErasureStatus>(`/identity/account-deletion/${encodeURIComponent(id)}`, { auth: false })
}
