import { render, type RenderOptions } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement, ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { ThemeProvider } from 'styled-components'

import { theme } from '@/config/theme'
import { Toasts } from '@/lib/toasts'

/**
 * Renders a component the way the app does (theme, router, the toast container), with a
 * user-event session to drive it like a visitor would.
 */
export function renderWithApp(ui: ReactElement, { route = '/', ...options }: RenderOptions & { route?: string } = {}) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      <Toasts />
    </ThemeProvider>
  )
  return { user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) }
}
