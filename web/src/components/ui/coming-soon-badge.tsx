import styled from 'styled-components'

import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

/**
 * "Coming Soon" on something not available yet (a brand, an office). Its id lets the element it
 * qualifies point at it with aria-describedby.
 */
export function ComingSoonBadge({ id }: { id: string }) {
  return <Badge id={id}>{t('ui.comingSoon')}</Badge>
}

const Badge = styled.p`
  margin: 0;
  padding: ${theme.space[1]} ${theme.space[3]};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.text};
  color: #ffffff;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
`
