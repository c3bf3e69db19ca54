/**
import { theme } from '@/config/theme'
 * Design tokens: the one place for colours, type, spacing, radii, breakpoints and focus style.
 * Components read them through styled-components' theme (`${theme.colors.text}`).
 *
 * Colours: calm teal/blue on white. Every text colour below has a contrast ratio of at least 4.5:1
 * on both `background` and `surface` (WCAG 2.1 AA); `onPrimary`/`onDanger` on their fills too.
 * Ratios (vs #ffffff / #f3f7f8) are noted beside each.
 */
const colors = {
  background: '#ffffff',
  surface: '#f3f7f8', // cards, bands
  border: '#b8c7cd', // decorative borders only (not used to convey state)
  borderStrong: '#5c6f78', // form-control borders: 5.3:1 / 4.9:1 (non-text >= 3:1)
  text: '#1b2a33', // 14.7:1 / 13.7:1
  textMuted: '#475a64', // 7.2:1 / 6.7:1
  primary: '#0b5e6f', // links, primary buttons: 7.4:1 / 6.8:1
  primaryHover: '#084856', // 10.1:1
  onPrimary: '#ffffff', // text on primary: 7.4:1
  primarySoft: '#e3f1f3', // tinted background behind primary text: primary on it 6.4:1
  danger: '#a4262c', // error text and fills: 7.3:1 / 6.7:1
  dangerSoft: '#fbeaea', // error panel background: danger on it 6.2:1
  onDanger: '#ffffff',
  success: '#1d6b3d', // 6.5:1 / 6.0:1
  focus: '#b45309', // focus outline, drawn 2px outside the element so it sits on the page: 5.0:1 / 4.7:1
  accent: '#9a3412', // warm highlight text (badges, "Coming Soon"): 7.3:1 on white
  star: '#b7791f', // rating stars: graphics only, 3.6:1 on white (non-text >= 3:1); always paired with the number
  // Dark band (footer): every text colour below is for use on `inverse`.
  inverse: '#0f3d4a',
  onInverse: '#ffffff', // 11.8:1
  onInverseMuted: '#c9dde2', // 8.4:1
  focusOnInverse: '#fcd34d', // focus outline on the dark band: 8.2:1
} as const

/** Type: generous 18px base for older readers; rem units so browser text-size settings still apply. */
const fonts = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
} as const

const fontSizes = {
  sm: '1rem', // 16px: the smallest text we use
  base: '1.125rem', // 18px: body
  lg: '1.25rem', // 20px
  xl: '1.5rem', // 24px
  '2xl': '1.875rem', // 30px
  '3xl': '2.25rem', // 36px
  '4xl': '3rem', // 48px
} as const

const fontWeights = { regular: 400, medium: 500, semibold: 600, bold: 700 } as const

const lineHeights = { tight: 1.2, snug: 1.35, body: 1.6 } as const

/** Spacing scale (rem). */
const space = {
  0: '0',
  1: '0.25rem',
  2: '0.5rem',
  3: '0.75rem',
  4: '1rem',
  5: '1.5rem',
  6: '2rem',
  7: '3rem',
  8: '4rem',
  9: '6rem',
} as const

const radii = { sm: '4px', md: '8px', lg: '16px', pill: '999px' } as const

/**
 * Breakpoints (px, SPEC §9): phone below 464, tablet 464-1023, desktop from 1024. `nav`: from this
 * width the header has room for its full navigation; below it the navigation is in the menu dialog.
 */
const breakpoints = { phone: 464, tablet: 1024, nav: 1280 } as const

/** Media queries built from the breakpoints, mobile first. */
const media = {
  fromTablet: `@media (min-width: ${breakpoints.phone}px)`,
  fromDesktop: `@media (min-width: ${breakpoints.tablet}px)`,
  /** The header shows its full navigation bar (below: the "Menu" button and dialog). */
  fromNav: `@media (min-width: ${breakpoints.nav}px)`,
  belowNav: `@media (max-width: ${breakpoints.nav - 0.02}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const

/** Keyboard focus indicator, shared by every interactive element. */
const focus = {
  outline: `3px solid ${colors.focus}`,
  outlineOffset: '2px',
} as const

const layout = {
  /** Maximum width of page content (the header and footer line up with it); text keeps to textWidth. */
  contentWidth: '80rem',
  /** Comfortable measure for running text. */
  textWidth: '42rem',
} as const

/**
 * Stacking order, lowest first. The header sticks above page content; menus, the cookie notice and
 * dialogs above it; the skip link above everything.
 */
const zIndices = {
  header: 100,
  notice: 900,
  dropdown: 1100,
  dialog: 1200,
  skipLink: 1300,
} as const

const durations = { fast: '150ms', base: '250ms' } as const

const shadows = {
  card: '0 1px 2px rgba(16, 40, 48, 0.08), 0 2px 8px rgba(16, 40, 48, 0.06)',
  /** Things floating above the page: the scrolled header, menus, dialogs, the cookie notice. */
  raised: '0 4px 12px rgba(16, 40, 48, 0.12), 0 12px 32px rgba(16, 40, 48, 0.12)',
} as const

export const theme = {
  colors,
  fonts,
  fontSizes,
  fontWeights,
  lineHeights,
  space,
  radii,
  breakpoints,
  media,
  focus,
  layout,
  shadows,
  zIndices,
  durations,
} as const

export type AppTheme = typeof theme

declare module 'styled-components' {
  // Module augmentation: `props.theme` is typed as our theme everywhere.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}
