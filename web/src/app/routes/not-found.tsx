import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

/**
 * Any path the router does not know (SPEC §2: "Any other path logs a 404 and shows a page reading
 * 'Oops! Page not found' with a link to /"). The gateway sends this same HTML with HTTP 404.
 */
export default function NotFoundPage() {
  const { pathname } = useLocation()
  useDocumentTitle(t('notFound.title'))

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])

  return (
    <Container>
      <Wrap>
        <Code aria-hidden="true">404</Code>
        <h1>{t('notFound.heading')}</h1>
        <Lead>{t('notFound.lead')}</Lead>
        <ButtonLink to={paths.home.getHref()}>{t('notFound.home')}</ButtonLink>
      </Wrap>
    </Container>
  )
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  padding-block: ${theme.space[8]};
  text-align: center;

  ${theme.media.fromDesktop} {
    padding-block: ${theme.space[9]};
  }
`

const Code = styled.p`
  margin: 0 0 ${theme.space[2]};
  font-size: ${theme.fontSizes['4xl']};
  font-weight: ${theme.fontWeights.bold};
  line-height: 1;
  color: ${theme.colors.primary};
`

const Lead = styled.p`
  max-width: ${theme.layout.textWidth};
  margin-bottom: ${theme.space[6]};
  color: ${theme.colors.textMuted};
`
