import styled from 'styled-components'
import { theme } from '@/config/theme'

/**
 * Lists of bordered cards: the admin tabs (appointments, inbox, e-mail, orders, closed days) and the
 * patient's own appointments. One place for their spacing, so the tabs look alike.
 */

/** The list itself; `$gap` is a step of the theme's spacing scale. */
export const CardList = styled.ul<{ $gap?: 2 | 3 | 4 }>`
  display: grid;
  gap: ${({ theme, $gap = 3 }) => theme.space[$gap]};
  margin: 0;
  padding: 0;
  list-style: none;
`

/** One card, its parts stacked. */
export const CardItem = styled.li`
  display: grid;
  gap: ${theme.space[2]};
  padding: ${theme.space[4]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  overflow-wrap: anywhere;
`

/** A line of a card whose ends sit apart (a title and its badges, text and a button); wraps on phones. */
export const CardRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
`

/** A one-line card: its text and its actions side by side, wrapping on phones. */
export const CardRowItem = styled(CardItem)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
`

/** A card's buttons. */
export const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
`

/** Secondary text of a card: when, who, where. */
export const CardMeta = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`

/** Text a person wrote (a message, notes), with their line breaks kept. */
export const WrittenText = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`

/** What went wrong, in a card. */
export const CardError = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  overflow-wrap: anywhere;
`
