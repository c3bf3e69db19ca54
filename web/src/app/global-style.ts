import { createGlobalStyle } from 'styled-components'

import { theme } from '@/config/theme'

/**
 * Base styles: system fonts, 18px body, visible keyboard focus, reduced motion honoured.
 * The theme's values are written in, not read from the ThemeProvider (there is one theme): rules
 * without functions are static, so hydration keeps the pre-rendered ones, where a global style
 * with functions has its rules deleted and inserted again (a restyle of the whole page).
 */
export const GlobalStyle = createGlobalStyle`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.base};
    line-height: ${theme.lineHeights.body};
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
    /* A long web address or e-mail breaks rather than pushing the page wider than a phone. */
    overflow-wrap: break-word;
  }

  h1, h2, h3, h4, h5, h6 {
    margin: 0 0 ${theme.space[4]};
    line-height: ${theme.lineHeights.tight};
    font-weight: ${theme.fontWeights.bold};
    color: ${theme.colors.text};
    text-wrap: balance;
  }

  h1 { font-size: ${theme.fontSizes['2xl']}; }
  h2 { font-size: ${theme.fontSizes.xl}; }
  h3 { font-size: ${theme.fontSizes.lg}; }

  ${theme.media.fromDesktop} {
    h1 { font-size: ${theme.fontSizes['3xl']}; }
    h2 { font-size: ${theme.fontSizes['2xl']}; }
  }

  p {
    margin: 0 0 ${theme.space[4]};
  }

  a {
    color: ${theme.colors.primary};
    text-decoration-thickness: 0.08em;
    text-underline-offset: 0.15em;
  }

  a:hover {
    color: ${theme.colors.primaryHover};
  }

  img, svg, video {
    display: block;
    max-width: 100%;
    height: auto;
  }

  button, input, select, textarea {
    font: inherit;
  }

  /* Keyboard focus is always visible, the same everywhere. */
  :focus-visible {
    outline: ${theme.focus.outline};
    outline-offset: ${theme.focus.outlineOffset};
  }

  /* Non-interactive targets that receive focus programmatically (main, page headings on route change). */
  :is(main, h1, h2, section, div)[tabindex='-1']:focus {
    outline: none;
  }

  ${theme.media.reducedMotion} {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }

  /* react-toastify (its CSS is injected by its JS): match the theme and keep text contrast. */
  :root {
    --toastify-font-family: ${theme.fonts.body};
    --toastify-text-color-light: ${theme.colors.text};
    --toastify-color-info: ${theme.colors.primary};
    --toastify-color-success: ${theme.colors.success};
    --toastify-color-error: ${theme.colors.danger};
    --toastify-toast-width: min(24rem, calc(100vw - 2rem));
  }

  /*
   * Toasts sit at the bottom, clear of the header's cart, Book Appointment and Sign In buttons, and
   * above the cookie notice while it is shown (it sets its height as --cookie-notice-height on [data-toasts]).
   */
  [data-toasts] .Toastify__toast-container--bottom-right {
    bottom: calc(var(--cookie-notice-height, 0px) + max(var(--toastify-toast-offset), env(safe-area-inset-bottom)));
  }

  .Toastify__toast {
    font-size: ${theme.fontSizes.sm};
    line-height: ${theme.lineHeights.snug};
  }
`
