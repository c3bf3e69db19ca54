import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { theme } from '@/config/theme'

/** A loading line announced to screen readers ("Loading products...", "Loading product details..."). */
export function LoadingState({ text }: { text: string }) {
  return (
    <Screen>
      <Message role="status">{text}</Message>
    </Screen>
  )
}

// A screen tall, like the page-loading screen: the footer stays below the fold until the product
// arrives instead of being pushed down by it (Lighthouse measured a layout shift of 1.05 without).
const Screen = styled(Container)`
  min-height: 100vh;
`

const Message = styled.p`
  margin: ${theme.space[7]} 0;
  color: ${theme.colors.textMuted};
`
