import { CLINICS } from '@hearing/service-kit/clinics'
import t from 'tap'
import { clinics, formatAddress } from '@hearing/web/src/content/clinics.ts'

// The services (e-mails, calendar files, the clinic's messages) and the website must name the same
// clinics with the same phones and addresses: a patient calls the number an e-mail gives.
t.test('the services know each clinic as the website shows it', async (t) => {
  t.equal(CLINICS.length, clinics.length)
  for (const office of clinics) {
    const known = CLINICS.find((c) => c.uid === office.uid)
    t.ok(known, `${office.name} is known to the services`)
    t.equal(known?.name, office.name.split(/\s+/)[0], `${office.name}: the location's name is the office's first word`)
    t.equal(known?.phone, office.phone, `${office.name}: phone`)
    t.equal(known?.address, formatAddress(office.address), `${office.name}: address`)
  }
})
