import styled from 'styled-components'

import { ErrorPanel } from '@/components/ui/error-panel'

import { useLocations } from '../api/get-locations'

/** The practice's clinics, loaded from the API: loading, error (with Retry), empty and list states. */
export function LocationsList() {
  const { data, error, isValidating, mutate } = useLocations()

  if (error && !data) {
    return (
      <ErrorPanel title="We couldn't load our clinics." onRetry={() => void mutate()} retrying={isValidating}>
        <p>{error.message}</p>
      </ErrorPanel>
    )
  }

  if (!data) {
    return <Status role="status">Loading clinics…</Status>
  }

  if (data.length === 0) {
    return <Status>No clinics to show yet.</Status>
  }

  return (
    <List>
      {data.map((location) => (
        <Item key={location.uid}>{location.name}</Item>
      ))}
    </List>
  )
}

const Status = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.fromTablet} {
    grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  }
`

const Item = styled.li`
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.card};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`
