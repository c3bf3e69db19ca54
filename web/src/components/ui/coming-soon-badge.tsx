import styled from 'styled-components'

import { t } from '@/i18n/layout'

/**
 * "Coming Soon" on something not available yet (a brand, an office). Its id lets the element it
 * qualifies point at it with aria-describedby.
 */
export function ComingSoonBadge({ id }: { id: string }) {
  return <Badge id={id}>{t('ui.comingSoon')}</Badge>
}

const Badge = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.text};
  color: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`
