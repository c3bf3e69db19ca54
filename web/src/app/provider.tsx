import type { ReactNode } from 'react'
import { ThemeProvider } from 'styled-components'
import { SWRConfig, type SWRConfiguration } from 'swr'

import { theme } from '@/config/theme'
import { AuthProvider } from '@/features/auth/components/auth-provider'
import { fetcher, isRetryable } from '@/lib/api-client'
import { Toasts } from '@/lib/toasts'

import { GlobalStyle } from './global-style'
import { pageHasServerStyles } from './server-styles'

const swrConfig: SWRConfiguration = {
  fetcher,
  // 4xx answers won't change by asking again; network errors, 5xx and 429 are retried with
  // SWR's exponential backoff, a few times.
  shouldRetryOnError: isRetryable,
  errorRetryCount: 3,
}

/** Everything every page needs: theme, global styles, data fetching defaults, the session, toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      {pageHasServerStyles ? null : <GlobalStyle />}
      <SWRConfig value={swrConfig}>
        <AuthProvider>{children}</AuthProvider>
      </SWRConfig>
      {/* Loaded with the first toast (lib/toasts.tsx). */}
      <Toasts />
    </ThemeProvider>
  )
}
