import { useId } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Hint } from '@/components/ui/form-controls'

import { GOOGLE_START_URL, useGoogleStatus } from '../api/google-status'
import { t } from '@/i18n/auth'
import { languageField } from '@/i18n/i18n'
import { theme } from '@/config/theme'

/**
 * "Continue with Google": a full page navigation to identity, which sends the browser to Google and
 * back to / (/es from the Spanish pages) with a session. When the site has no Google credentials the button stays visible but
 * explains why it does nothing.
 */
export function GoogleSignIn({ busy }: { busy: boolean }) {
  const { data } = useGoogleStatus()
  const noteId = useId()
  const notSetUp = data?.enabled === false

  const onClick = () => {
    if (notSetUp || busy) return
    // A new account gets the page's language, and Google's round trip ends on that language's pages.
    const { language } = languageField()
    window.location.assign(language ? `${GOOGLE_START_URL}?language=${language}` : GOOGLE_START_URL)
  }

  return (
    <Wrap>
      <Button
        $variant="secondary"
        onClick={onClick}
        disabled={busy}
        aria-disabled={notSetUp || undefined}
        aria-describedby={notSetUp ? noteId : undefined}
        data-unavailable={notSetUp || undefined}
      >
        <GoogleMark />
        {t('auth.google')}
      </Button>
      {notSetUp ? <Hint id={noteId}>{t('auth.google.notSetUp')}</Hint> : null}
    </Wrap>
  )
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 48 48">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  )
}

const Wrap = styled.div`
  display: grid;
  gap: ${theme.space[2]};

  > button {
    width: 100%;
  }

  > button[data-unavailable] {
    cursor: not-allowed;
    opacity: 0.7;
  }
`
