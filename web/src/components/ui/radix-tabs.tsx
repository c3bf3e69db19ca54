import * as Tabs from '@radix-ui/react-tabs'
import styled from 'styled-components'
import { theme } from '@/config/theme'

/**
 * Tabs with the WAI-ARIA tabs pattern from Radix (tablist/tab/tabpanel roles, arrow keys, Home/End,
 * roving focus, the panel labelled by its tab), styled with the theme. Inactive panels are not
 * rendered, so their data loads only when they are opened.
 */
export const TabsRoot = Tabs.Root

export const TabsList = styled(Tabs.List)`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[1]};
  padding: ${theme.space[1]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
`

export const TabsTrigger = styled(Tabs.Trigger)`
  flex: 1 1 auto;
  min-height: 48px;
  padding: ${theme.space[2]} ${theme.space[4]};
  border: 2px solid transparent;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.base};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &:hover {
    color: ${theme.colors.text};
    background: ${theme.colors.background};
  }

  &[data-state='active'] {
    background: ${theme.colors.background};
    border-color: ${theme.colors.primary};
    color: ${theme.colors.primary};
    box-shadow: ${theme.shadows.card};
  }
`

export const TabsContent = styled(Tabs.Content)`
  padding-top: ${theme.space[5]};

  &:focus-visible {
    outline: ${theme.focus.outline};
    outline-offset: ${theme.focus.outlineOffset};
  }
`
