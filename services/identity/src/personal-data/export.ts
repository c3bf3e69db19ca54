import { PERSONAL_DATA_SERVICES, widenSubject, type PersonalDataExport, type PersonalDataPart, type PersonalDataService, type PersonalDataSubject } from '@hearing/contracts'
import type { FastifyBaseLogger } from 'fastify'
import { toPublicUser, type UserRow } from '../accounts/users.js'
import { subjectOf } from './erasure.js'
import type { PersonalDataServices } from './services.js'

/** Identity's own part: the profile, and how the account signs in (never a secret). */
function identityPart(user: UserRow): PersonalDataPart {
  const { id: _id, full_name: _fullName, ...profile } = toPublicUser(user)
  return {
    service: 'identity',
    sections: [
      { key: 'profile', title: 'Profile', records: [profile] },
      {
        key: 'sign-in',
        title: 'How you sign in',
        records: [{ password: user.password_hash !== null, google: user.google_sub !== null, email_confirmed_at: user.email_verified_at?.toISOString() ?? null }],
      },
    ],
  }
}

/**
 * "Download my data": identity's part and every other service's, asked at once. A service that
 * does not answer is named in `missing`, so the person knows the file is incomplete.
 */
export async function exportPersonalData(user: UserRow, services: PersonalDataServices, log: FastifyBaseLogger): Promise<PersonalDataExport> {
  // messaging-sync after the others: e-mails went to every address a booking or order carried.
  const first = PERSONAL_DATA_SERVICES.filter((service) => service !== 'messaging-sync')
  const parts: PersonalDataPart[] = [identityPart(user)]
  const missing: string[] = []
  const gather = async (names: readonly PersonalDataService[], subject: PersonalDataSubject) => {
    const answers = await Promise.allSettled(names.map((service) => services.exportPart(service, subject)))
    answers.forEach((answer, i) => {
      if (answer.status === 'fulfilled') parts.push(answer.value)
      else {
        missing.push(names[i]!)
        log.warn({ service: names[i], reason: answer.reason instanceof Error ? answer.reason.message : String(answer.reason) }, 'personal data export: a service did not answer')
      }
    })
  }
  const subject = subjectOf(user)
  await gather(first, subject)
  await gather(['messaging-sync'], widenSubject(subject, contactDetailsIn(parts)))
  return { generated_at: new Date().toISOString(), parts, missing }
}

/** The addresses and phones on the records gathered so far. */
function contactDetailsIn(parts: PersonalDataPart[]): { emails: string[]; phones: string[] } {
  const records = parts.flatMap((part) => part.sections.flatMap((section) => section.records))
  const text = (value: unknown) => (typeof value === 'string' && value ? [value] : [])
  return { emails: records.flatMap((r) => text(r.email)), phones: records.flatMap((r) => text(r.phone)) }
}
