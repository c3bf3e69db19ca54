import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { useDocumentTitle } from '@/lib/use-document-title'
import { theme } from '@/config/theme'

/** A page crashed or its code could not be loaded: say so plainly and offer a reload. */
export function RouteError({ error }: { error: unknown }) {
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

interface BoundaryState {
  error: unknown
  /** The path the error happened on: navigating elsewhere clears it. */
  pathname: string | null
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: null }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error !== null && state.pathname !== null && state.pathname !== props.pathname) {
      return { error: null, pathname: null }
    }
    return null
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo) {
    this.setState({ pathname: this.props.pathname })
  }

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children
  }
}

/** Shows <RouteError> inside the site frame when a page throws; the next navigation tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return <Boundary pathname={pathname}>{children}</Boundary>
}

const Wrap = styled.div`
  padding-block: ${theme.space[8]};
`
