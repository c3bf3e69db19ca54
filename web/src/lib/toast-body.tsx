import type { ReactNode } from 'react'
import { toast, type ToastOptions } from 'react-toastify'
import styled from 'styled-components'

/**
 * Shows one toast with a title and an optional description. Loaded with react-toastify on the
 * first toast (lib/toasts.tsx, lib/notify.tsx), like the library itself.
 */
export function showToast(kind: 'success' | 'error' | 'info', title: string, description?: ReactNode, options?: ToastOptions) {
  toast[kind](<ToastBody title={title} description={description} />, options)
}

function ToastBody({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div>
      <Title>{title}</Title>
      {description ? <Description>{description}</Description> : null}
    </div>
  )
}

const Title = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`

const Description = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.base};
`
