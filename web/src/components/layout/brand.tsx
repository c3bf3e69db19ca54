import { Link } from 'react-router-dom'
import styled, { useTheme } from 'styled-components'

import { paths } from '@/config/paths'
import { practice } from '@/content/practice'

import { BrandMark } from './icons'

/** The practice's mark and name, linking home. `$inverse`: on the dark footer band. */
export function Brand({ inverse = false }: { inverse?: boolean }) {
  const theme = useTheme()
  return (
    <BrandLink to={paths.home.getHref()} $inverse={inverse}>
      <BrandMark size={40} foreground={inverse ? theme.colors.inverse : theme.colors.onPrimary} />
      <Name>{practice.name}</Name>
    </BrandLink>
  )
}

const BrandLink = styled(Link)<{ $inverse: boolean }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 48px;
  color: ${({ theme, $inverse }) => ($inverse ? theme.colors.onInverse : theme.colors.primary)};
  text-decoration: none;

  svg {
    flex: none;
    width: 36px;
    height: 36px;
  }

  ${({ theme }) => theme.media.fromTablet} {
    gap: ${({ theme }) => theme.space[3]};

    svg {
      width: 40px;
      height: 40px;
    }
  }

  &:hover {
    color: ${({ theme, $inverse }) => ($inverse ? theme.colors.onInverse : theme.colors.primaryHover)};
  }

  &:hover span {
    text-decoration: underline;
  }
`

const Name = styled.span`
  /* Two lines ("North Georgia / Hearing Care"): wraps at this width, and never squeezed narrower.
     On phones a little narrower, so the cart button fits beside it at 320 px. */
  max-width: 6.5em;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  ${({ theme }) => theme.media.fromTablet} {
    max-width: 8em;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  letter-spacing: -0.01em;
`
