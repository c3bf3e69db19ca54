import type { ReactNode } from 'react'
import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'

import { CheckCircleIcon } from './icons'
import { theme } from '@/config/theme'

export interface ConfirmationAction {
  label: string
  href: string
}

interface ConfirmationPageProps {
  title: string
  /** The paragraphs under the title. */
  children: ReactNode
  /** The first is the main button; the others are secondary. */
  actions: readonly ConfirmationAction[]
}

/**
 * The frame of the confirmation pages (SPEC §2 "Confirmation pages"): a success mark, the title as
 * the page's heading (it receives focus after the navigation, so screen readers announce it), what
 * happens next, and where to go from here.
 */
export function ConfirmationPage({ title, children, actions }: ConfirmationPageProps) {
  return (
    <Container>
      <Card>
        <Mark>
          <CheckCircleIcon size={40} />
        </Mark>
        <h1>{title}</h1>
        <Body>{children}</Body>
        <Actions>
          {actions.map((action, index) => (
            <ButtonLink key={action.href} to={action.href} $variant={index === 0 ? 'primary' : 'secondary'}>
              {action.label}
            </ButtonLink>
          ))}
        </Actions>
      </Card>
    </Container>
  )
}

const Card = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  max-width: 44rem;
  margin: ${theme.space[7]} auto 0;
  padding: ${theme.space[7]} ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
  text-align: center;

  ${theme.media.fromTablet} {
    padding-inline: ${theme.space[7]};
  }
`

const Mark = styled.div`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 4.5rem;
  height: 4.5rem;
  margin-bottom: ${theme.space[5]};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.primarySoft};
  color: ${theme.colors.success};
`

const Body = styled.div`
  max-width: ${theme.layout.textWidth};
  color: ${theme.colors.textMuted};

  p:last-child {
    margin-bottom: 0;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[6]};

  > a {
    flex: 1 1 auto;
  }
`
