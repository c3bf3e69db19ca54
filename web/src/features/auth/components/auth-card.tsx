import styled from 'styled-components'

/** The narrow card every account page sits in (sign in/up, set-up, reset, confirmation). */
export const AuthCard = styled.div`
  width: 100%;
  max-width: 36rem;
  margin: ${({ theme }) => theme.space[6]} auto ${({ theme }) => theme.space[8]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.card};

  ${({ theme }) => theme.media.fromTablet} {
    padding: ${({ theme }) => theme.space[6]};
  }
`

export const CardLead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`

/** Vertical rhythm of a form's fields. */
export const FormStack = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
`

/** A full-width primary action at the end of a form. */
export const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};

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
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: underline;
  text-underline-offset: 0.15em;
  cursor: pointer;

  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.primaryHover};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.7;
  }
`

/** An inline message that stays on screen (unlike a toast). */
export const Notice = styled.div<{ $tone?: 'info' | 'error' }>`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  justify-items: start;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.primary)};
  border-left-width: 6px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.dangerSoft : theme.colors.primarySoft)};
  color: ${({ theme }) => theme.colors.text};

  p {
    margin: 0;
  }
`
