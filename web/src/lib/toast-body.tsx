import type { ReactNode } from 'react'
import { toast, type ToastOptions } from 'react-toastify'
import styled from 'styled-components'
import { theme } from '@/config/theme'

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

// The theme's text colour (14.7:1) rather than the library's grey (4.6:1): older readers, and the
// text stays legible while the toast fades in and out.
const Title = styled.p`
  margin: 0;
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.base};
  font-weight: ${theme.fontWeights.bold};
`

const Description = styled.p`
  margin: ${theme.space[1]} 0 0;
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.base};
`
