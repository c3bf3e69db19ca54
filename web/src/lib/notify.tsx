import type { ReactNode } from 'react'
import type { ToastOptions } from 'react-toastify'

import { loadToasts } from './toasts'

/**
 * Toasts with a title and an optional description (SPEC §8 gives them as "Title" / "Description").
 * `error` is the spec's "destructive" style. react-toastify renders each toast with role="alert",
 * so screen readers announce it. The library and the toast's markup load with the first toast
 * (lib/toasts.tsx): a failed load only loses that toast.
 */
type Notify = (title: string, description?: ReactNode, options?: ToastOptions) => void

const show =
  (kind: 'success' | 'error' | 'info'): Notify =>
  (title, description, options) => {
    void loadToasts().then(
      ({ showToast }) => showToast(kind, title, description, options),
      (error: unknown) => console.error('Could not show a notification:', title, error),
    )
  }

export const notify = {
  success: show('success'),
  /** Destructive: failures the user must notice. */
  error: show('error'),
  info: show('info'),
}
