import { useLocation } from 'react-router-dom'
import styled from 'styled-components'

import { patternOf } from '@/lib/route-pattern'
import { staffRoutes } from '@/config/spa-routes'
import { currentLocale } from '@/i18n/i18n'
import { localizePath } from '@/i18n/locale'
import { theme } from '@/config/theme'

/**
 * The link to this same page in the other language (English <-> Español). A plain link, not a
 * client-side navigation: the other language's catalog and <html lang> come with the page. The
 * link text is in the language it leads to (lang, hreflang), so screen readers pronounce it right.
 * Hidden on staff screens, which exist in English only.
 */
export function LanguageSwitch() {
  const { pathname, search, hash } = useLocation()
  const pattern = patternOf(pathname)
  if (pattern && staffRoutes.includes(pattern)) return null
  const target = currentLocale() === 'es' ? 'en' : 'es'
  return (
    <SwitchLink href={`${localizePath(target, pathname)}${search}${hash}`} hrefLang={target} lang={target}>
      {target === 'es' ? 'Español' : 'English'}
    </SwitchLink>
  )
}

// As tall as the top bar's phone links: a 40px hit area (the text alone is about 22px, under
// WCAG 2.5.8's 24px, where it wraps under the phone links on a phone).
const SwitchLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  color: inherit;
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: underline;
  text-underline-offset: 0.2em;
`
