import type { ReactNode } from 'react'
import styled, { css } from 'styled-components'
import { theme } from '@/config/theme'

interface CardGridProps {
  /** Equal columns from tablet width up (phones always get one). */
  $tablet?: number
  /** Equal columns from desktop width up. */
  $desktop?: number
}

const columns = (count: number) => css`
  grid-template-columns: repeat(${count}, minmax(0, 1fr));
`

/**
 * A grid of cards: one column on phones, more from the given widths up. A list (`<ul>`) of `<li>`s;
 * `as="div"` where the cards are not list items (e.g. `<article>`s named by their headings).
 */
export const CardGrid = styled.ul<CardGridProps>`
  display: grid;
  gap: ${theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ $tablet, theme }) =>
    $tablet &&
    css`
      ${theme.media.fromTablet} {
        ${columns($tablet)}
      }
    `}

  ${({ $desktop, theme }) =>
    $desktop &&
    css`
      ${theme.media.fromDesktop} {
        ${columns($desktop)}
      }
    `}
`

/** A raised card (`<li>`) in a CardGrid. */
export const Card = styled.li<{ $centered?: boolean }>`
  padding: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
  ${({ $centered }) => $centered && 'text-align: center;'}
`

interface IconCardProps {
  /** The icon: a path drawn as a line in a 24×24 box (decorative, hidden from assistive technology). */
  icon: string
  title: string
  children: ReactNode
  /** `feature`: centred, with a large icon (a few cards); `compact`: aligned left, a smaller icon. */
  variant: 'feature' | 'compact'
}

/** A card with a line icon in a tinted circle, a heading (<h3>) and a short text. */
export function IconCard({ icon, title, children, variant }: IconCardProps) {
  return (
    <TextCard $centered={variant === 'feature'} $variant={variant}>
      <Icon viewBox="0 0 24 24" aria-hidden="true" focusable="false" $variant={variant}>
        <path d={icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </Icon>
      <h3>{title}</h3>
      <p>{children}</p>
    </TextCard>
  )
}

const TextCard = styled(Card)<{ $variant: IconCardProps['variant'] }>`
  h3 {
    margin-bottom: ${({ $variant, theme }) => theme.space[$variant === 'feature' ? 3 : 2]};
  }

  p {
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`

const Icon = styled.svg<{ $variant: IconCardProps['variant'] }>`
  width: ${({ $variant }) => ($variant === 'feature' ? '4.5rem' : '3.5rem')};
  height: ${({ $variant }) => ($variant === 'feature' ? '4.5rem' : '3.5rem')};
  margin: ${({ $variant, theme }) => ($variant === 'feature' ? `0 auto ${theme.space[4]}` : `0 0 ${theme.space[4]}`)};
  padding: ${theme.space[3]};
  border-radius: 50%;
  background: ${theme.colors.primarySoft};
  color: ${theme.colors.primary};
`
