import { Link } from 'react-router-dom'
import styled, { useTheme } from 'styled-components'

import { paths } from '@/config/paths'
import { practice } from '@/content/practice'

import { BrandMark } from './icons'

/** The name in two lines of about equal length ("North Georgia" / "Hearing Care"), whatever the practice is called. */
function twoLines(name: string): [string, string] {
  const words = name.split(/\s+/)
  const half = Math.ceil(words.length / 2)
  return [words.slice(0, half).join(' '), words.slice(half).join(' ')]
}

/** The practice's mark and name, linking home. `$inverse`: on the dark footer band. */
export function Brand({ inverse = false }: { inverse?: boolean }) {
  const theme = useTheme()
  const [first, second] = twoLines(practice.name)
  return (
    <BrandLink to={paths.home.getHref()} $inverse={inverse}>
      <BrandMark size={40} foreground={inverse ? theme.colors.inverse : theme.colors.onPrimary} />
      <Name>
        <Line>{first}</Line> <Line>{second}</Line>
      </Name>
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
  /* Always two lines ("North Georgia / Hearing Care"), never four on a phone: each line is kept whole. */
  display: grid;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  /* The narrowest phones (320 px): a little smaller, so the cart and menu buttons fit beside it. */
  @media (max-width: 359px) {
    font-size: 0.8125rem;
  }

  ${({ theme }) => theme.media.fromTablet} {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  letter-spacing: -0.01em;
`

const Line = styled.span`
  white-space: nowrap;
`
