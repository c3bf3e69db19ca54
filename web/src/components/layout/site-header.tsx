import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { practice } from '@/config/practice'

/** Minimal header: the practice name, home link. The full header (SPEC §2 "Header") comes later. */
export function SiteHeader() {
  return (
    <Header>
      <Inner>
        <Brand to={paths.home.getHref()}>{practice.name}</Brand>
      </Inner>
    </Header>
  )
}

const Header = styled.header`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
`

const Inner = styled(Container)`
  display: flex;
  align-items: center;
  min-height: 4.5rem;
`

const Brand = styled(Link)`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.colors.primaryHover};
    text-decoration: underline;
  }
`
