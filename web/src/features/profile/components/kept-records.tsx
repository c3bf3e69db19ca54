import { RECORDS_KEPT_AFTER_DELETION, type KeptRecordKind } from '@hearing/contracts'

import { tOr } from '@/i18n/patient'

/** What the practice keeps after a deletion and why (shown before confirming, and after). */
export function KeptRecords({ kinds = Object.keys(RECORDS_KEPT_AFTER_DELETION) as KeptRecordKind[] }: { kinds?: KeptRecordKind[] }) {
  return (
    <ul>
      {kinds.map((kind) => (
        <li key={kind}>
          <strong>{tOr(`kept.${kind}.what`, RECORDS_KEPT_AFTER_DELETION[kind].what)}:</strong> {tOr(`kept.${kind}.reason`, RECORDS_KEPT_AFTER_DELETION[kind].reason)}
        </li>
      ))}
    </ul>
  )
}
