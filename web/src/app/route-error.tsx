import { useEffect } from 'react'
import { useRouteError } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { useDocumentTitle } from '@/lib/use-document-title'

/** A page crashed or its code could not be loaded: say so plainly and offer a reload. */
export function RouteError() {
  const error = useRouteError()
  useDocumentTitle('Something went wrong')

  useEffect(() => {
    console.error('Page failed to render:', error)
  }, [error])

  return (
    <Container>
      <Wrap>
        <h1>Something went wrong</h1>
        <p>This page could not be displayed. Reloading usually fixes it.</p>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Wrap>
    </Container>
  )
}

const Wrap = styled.div`
  padding-block: ${({ theme }) => theme.space[8]};
`
