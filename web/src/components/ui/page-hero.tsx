import type { ReactNode } from 'react'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { theme } from '@/config/theme'

interface PageHeroProps {
  title: string
  children?: ReactNode
}

/** The band at the top of an inner page: its <h1> and an introduction. */
export function PageHero({ title, children }: PageHeroProps) {
  return (
    <Hero>
      <Container>
        <h1>{title}</h1>
        {children ? <Intro>{children}</Intro> : null}
      </Container>
    </Hero>
  )
}

const Hero = styled.div`
  padding-block: ${theme.space[8]};
  background: linear-gradient(135deg, ${theme.colors.primarySoft} 0%, #f7fbfb 100%);
  text-align: center;

  h1 {
    margin-bottom: ${theme.space[4]};
  }

  ${theme.media.fromDesktop} {
    padding-block: ${theme.space[9]};

    h1 {
      font-size: ${theme.fontSizes['4xl']};
    }
  }
`

const Intro = styled.div`
  max-width: ${theme.layout.textWidth};
  margin-inline: auto;
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.textMuted};

  p:last-child {
    margin-bottom: 0;
  }
`
