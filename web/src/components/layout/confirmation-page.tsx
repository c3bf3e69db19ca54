import type { ReactNode } from 'react'
import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'

import { CheckCircleIcon } from './icons'

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
  margin: ${({ theme }) => theme.space[7]} auto 0;
  padding: ${({ theme }) => `${theme.space[7]} ${theme.space[5]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-align: center;

  ${({ theme }) => theme.media.fromTablet} {
    padding-inline: ${({ theme }) => theme.space[7]};
  }
`

const Mark = styled.div`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 4.5rem;
  height: 4.5rem;
  margin-bottom: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.success};
`

const Body = styled.div`
  max-width: ${({ theme }) => theme.layout.textWidth};
  color: ${({ theme }) => theme.colors.textMuted};

  p:last-child {
    margin-bottom: 0;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[6]};

  > a {
    flex: 1 1 auto;
  }
`
