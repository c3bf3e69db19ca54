import styled from 'styled-components'
import { theme } from '@/config/theme'

/** The narrow card every account page sits in (sign in/up, set-up, reset, confirmation). */
export const AuthCard = styled.div`
  width: 100%;
  max-width: 36rem;
  margin: ${theme.space[6]} auto ${theme.space[8]};
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};

  ${theme.media.fromTablet} {
    padding: ${theme.space[6]};
  }
`

export const CardLead = styled.p`
  color: ${theme.colors.textMuted};
`

/** Vertical rhythm of a form's fields. */
export const FormStack = styled.form`
  display: grid;
  gap: ${theme.space[5]};
`

/** A full-width primary action at the end of a form. */
export const Actions = styled.div`
  display: grid;
  gap: ${theme.space[3]};

  > * {
    width: 100%;
  }
`

/** A button that looks like a link (an action on this page, not a navigation). */
export const LinkButton = styled.button`
  justify-self: start;
  min-height: 44px;
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.primary};
  font-size: ${theme.fontSizes.base};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: underline;
  text-underline-offset: 0.15em;
  cursor: pointer;

  &:hover:not(:disabled) {
    color: ${theme.colors.primaryHover};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.7;
  }
`

/** An inline message that stays on screen (unlike a toast). */
export const Notice = styled.div<{ $tone?: 'info' | 'error' }>`
  display: grid;
  gap: ${theme.space[3]};
  justify-items: start;
  padding: ${theme.space[4]};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.primary)};
  border-left-width: 6px;
  border-radius: ${theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.dangerSoft : theme.colors.primarySoft)};
  color: ${theme.colors.text};

  p {
    margin: 0;
  }
`
