import styled from 'styled-components'

/** Centres page content and keeps it to a readable width, with side padding on small screens. */
export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.contentWidth};
  margin-inline: auto;
  padding-inline: ${({ theme }) => theme.space[4]};

  ${({ theme }) => theme.media.fromTablet} {
    padding-inline: ${({ theme }) => theme.space[5]};
  }
`
