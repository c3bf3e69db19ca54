import styled, { css } from 'styled-components'
import { theme } from '@/config/theme'

/**
 * A small label of state (roles, statuses). Tones follow SPEC §6's badge styles: destructive,
 * secondary, outline; plus success and primary for good and neutral news. Text always carries the
 * meaning; colour only reinforces it.
 */
export type BadgeTone = 'destructive' | 'secondary' | 'outline' | 'success' | 'primary'

export const Badge = styled.span<{ $tone: BadgeTone }>`
  display: inline-block;
  padding: ${theme.space[1]} ${theme.space[3]};
  border: 2px solid transparent;
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.base};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.snug};
  white-space: nowrap;

  ${({ $tone, theme }) => {
    switch ($tone) {
      case 'destructive':
        return css`
          background: ${theme.colors.danger};
          color: ${theme.colors.onDanger};
        `
      case 'secondary':
        return css`
          background: ${theme.colors.surface};
          border-color: ${theme.colors.border};
          color: ${theme.colors.text};
        `
      case 'success':
        return css`
          background: ${theme.colors.background};
          border-color: ${theme.colors.success};
          color: ${theme.colors.success};
        `
      case 'primary':
        return css`
          background: ${theme.colors.primarySoft};
          color: ${theme.colors.primary};
        `
      default:
        return css`
          background: transparent;
          border-color: ${theme.colors.borderStrong};
          color: ${theme.colors.text};
        `
    }
  }}
`
