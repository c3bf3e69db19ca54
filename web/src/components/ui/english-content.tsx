import type { ReactNode } from 'react'
import styled from 'styled-components'

import { currentLocale } from '@/i18n/i18n'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

/**
 * Content that exists in English only (articles, product descriptions, legal texts): on a Spanish
 * page it is marked lang="en", so screen readers pronounce it as English, under a short Spanish
 * note saying so. On English pages it is rendered as it is.
 */
export function EnglishContent({ children, as = 'div' }: { children: ReactNode; as?: 'div' | 'span' }) {
  if (currentLocale() !== 'es') return <>{children}</>
  return as === 'span' ? (
    <span lang="en">{children}</span>
  ) : (
    <div lang="en">
      <Note lang="es">{t('englishOnly.note')}</Note>
      {children}
    </div>
  )
}

const Note = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-style: italic;
`
