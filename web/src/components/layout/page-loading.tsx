import styled, { keyframes } from 'styled-components'

import { Container } from '@/components/ui/container'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

/**
 * Shown while a page's code loads. It stays invisible for the first 400 ms so fast loads don't
 * flash a message (the delay is not motion, so reduced-motion users get it too).
 */
export function PageLoading() {
  return (
    <Screen>
      <Message role="status">{t('loading')}</Message>
    </Screen>
  )
}

// A screen tall: the footer stays below the fold until the page arrives, instead of being pushed
// down by it (a layout shift) on pages rendered in the browser.
const Screen = styled(Container)`
  min-height: 100vh;
`

const appear = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`

const Message = styled.p`
  margin: ${theme.space[7]} 0;
  color: ${theme.colors.textMuted};
  opacity: 0;
  animation: ${appear} 1ms linear 400ms forwards;
`
