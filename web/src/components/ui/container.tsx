import styled from 'styled-components'
import { theme } from '@/config/theme'

/** Centres page content and keeps it to a readable width, with side padding on small screens. */
export const Container = styled.div`
  width: 100%;
  max-width: ${theme.layout.contentWidth};
  margin-inline: auto;
  padding-inline: ${theme.space[4]};

  ${theme.media.fromTablet} {
    padding-inline: ${theme.space[5]};
  }
`
