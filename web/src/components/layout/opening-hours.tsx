import type { OpeningHours as Hours } from '@hearing/contracts'
import styled from 'styled-components'

import { formatDays, formatOpeningTimes } from '@/lib/clinic-display'
import { theme } from '@/config/theme'

/** Opening hours as a list of days, each with its times beneath: "Monday-Thursday" / "9:00 AM-4:00 PM". */
export function OpeningHours({ hours, className }: { hours: readonly Hours[]; className?: string }) {
  return (
    <List className={className}>
      {hours.map((entry) => (
        <Row key={entry.days.join()}>
          <dt>{formatDays(entry.days)}</dt>
          <dd>{formatOpeningTimes(entry)}</dd>
        </Row>
      ))}
    </List>
  )
}

const List = styled.dl`
  display: grid;
  gap: ${theme.space[3]};
  margin: 0;
`

const Row = styled.div`
  dt {
    font-weight: ${theme.fontWeights.semibold};
  }

  dd {
    margin: 0;
  }
`
