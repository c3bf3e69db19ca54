import styled, { css } from 'styled-components'

import type { Role } from '@/types/user'

/** SPEC §6 badge styles: admin destructive, staff secondary, customer outline. */
export function RoleBadge({ role }: { role: Role }) {
  return <Badge $role={role}>{role}</Badge>
}

const Badge = styled.span<{ $role: Role }>`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.snug};
  text-transform: capitalize;

  ${({ $role, theme }) => {
    switch ($role) {
      case 'admin': // destructive
        return css`
          background: ${theme.colors.danger};
          color: ${theme.colors.onDanger};
        `
      case 'staff': // secondary
        return css`
          background: ${theme.colors.surface};
          border-color: ${theme.colors.border};
          color: ${theme.colors.text};
        `
      default: // outline
        return css`
          background: transparent;
          border-color: ${theme.colors.borderStrong};
          color: ${theme.colors.text};
        `
    }
  }}
`
