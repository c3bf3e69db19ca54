import { useParams } from 'react-router-dom'

import { paths } from '@/config/paths'
import { PatientPage } from '@/features/admin/components/patient-page'
import { useLocations } from '@/features/locations/api/get-locations'

import { StaffGate } from '../staff-gate'

/** /admin/patients/:id: one patient's page in the staff dashboard. */
export default function AdminPatientPage() {
  const { id = '' } = useParams()
  const { data: clinics } = useLocations()

  return (
    <StaffGate returnTo={paths.adminPatient.getHref(id)}>
      {({ user, role }) => <PatientPage id={id} isAdmin={role === 'admin'} currentUserId={user.id} clinics={clinics} />}
    </StaffGate>
  )
}
