import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { loadClinicInboxes } from '../src/contact/clinic-inboxes.js'

t.test("every clinic has an inbox in messaging-sync's data; a file missing one, or with a non-address, stops the boot", async (t) => {
  const shipped = loadClinicInboxes()
  t.same([...shipped.keys()].sort(), CLINICS.map((c) => c.uid).sort())
  const dir = t.testdir()
  const file = (inboxes: Record<string, string>) => {
    const at = path.join(dir, `${Object.keys(inboxes).length}-${Object.values(inboxes).join('')}.json`)
    writeFileSync(at, JSON.stringify({ inboxes }))
    return pathToFileURL(at)
  }
  t.throws(() => loadClinicInboxes(file({ [CLINICS[0]!.uid]: 'front@example.com' })), /every clinic needs an inbox/)
  t.throws(() => loadClinicInboxes(file(Object.fromEntries(CLINICS.map((c) => [c.uid, 'not an address'])))), /must be an e-mail address/)
})
