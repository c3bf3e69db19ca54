import { Link } from 'react-router-dom'
import styled, { css } from 'styled-components'
import { theme } from '@/config/theme'

/** `danger`: an action that removes or cancels something for good (styled so it is not mistaken for any other). */
export type ButtonVariant = 'primary' | 'secondary' | 'danger'

interface ButtonStyleProps {
  /** Transient prop: styles only, never reaches the DOM. */
  $variant?: ButtonVariant
}

const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[2]};
  min-height: 48px; /* generous touch target */
  padding: ${theme.space[3]} ${theme.space[5]};
  border: 2px solid ${theme.colors.primary};
  border-radius: ${theme.radii.md};
  font-family: inherit;
  font-size: ${theme.fontSizes.base};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.snug};
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 150ms ease,
    border-color 150ms ease,
    color 150ms ease;

  ${({ $variant = 'primary', theme }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};

          &:hover:not(:disabled) {
            background: ${theme.colors.primaryHover};
            border-color: ${theme.colors.primaryHover};
            color: ${theme.colors.onPrimary};
          }
        `
      : $variant === 'danger'
        ? css`
            border-color: ${theme.colors.danger};
            background: ${theme.colors.danger};
            color: ${theme.colors.onDanger};

            &:hover:not(:disabled) {
              background: ${theme.colors.background};
              color: ${theme.colors.danger};
            }
          `
        : css`
          background: ${theme.colors.background};
          color: ${theme.colors.primary};

          &:hover:not(:disabled) {
            background: ${theme.colors.primarySoft};
            color: ${theme.colors.primaryHover};
          }
        `}

  /* aria-disabled: looks unavailable but keeps keyboard focus (a pager's end). */
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.7;
  }
`

/** A real <button>; defaults to type="button" so it never submits a form by accident. */
export const Button = styled.button.attrs<ButtonStyleProps>(({ type }) => ({ type: type ?? 'button' }))<ButtonStyleProps>`
  ${buttonStyles}
`

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`
