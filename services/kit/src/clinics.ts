/**
 * The practice's two clinics as the local messaging provider knows them. Their uids are the
 * identifiers other services key on (appointment types, preferred locations); with the real
 * provider the uids come from it instead.
 */
export interface ClinicSeed {
  uid: string
  name: string
}

export const CLINICS: readonly ClinicSeed[] = [
  { uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a01', name: 'Gainesville' },
  { uid: '3f0c6a52-8d1e-4c7a-9b1e-6a2f1d9e0a02', name: 'Dawsonville' },
]
