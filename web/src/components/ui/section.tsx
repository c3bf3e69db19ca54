import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { theme } from '@/config/theme'

/** A page band with generous vertical space; `$tone="surface"` tints it to separate neighbours. */
export const Section = styled.section<{ $tone?: 'plain' | 'surface' }>`
  padding-block: ${theme.space[7]};
  background: ${({ $tone = 'plain', theme }) => ($tone === 'surface' ? theme.colors.surface : theme.colors.background)};

  ${theme.media.fromDesktop} {
    padding-block: ${theme.space[8]};
  }
`

/** Centred heading block above a section's content. */
export const SectionHeader = styled(Container)`
  max-width: 48rem;
  margin-bottom: ${theme.space[6]};
  text-align: center;

  h2 {
    margin-bottom: ${theme.space[3]};
  }

  p {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
    color: ${theme.colors.textMuted};
  }
`
