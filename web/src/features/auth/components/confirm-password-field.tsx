import type { ComponentProps } from 'react'

import { FieldError, InputField } from '@/components/ui/form-controls'

type ConfirmPasswordFieldProps = Omit<
  ComponentProps<typeof InputField>,
  'type' | 'autoComplete' | 'required' | 'aria-invalid' | 'aria-describedby' | 'children'
> & {
  /** The two passwords differed on submit: the field is marked invalid and says so (announced). */
  mismatch: boolean
  /** The id of that message. */
  errorId: string
}

/** The second entry of a new password, checked against the first by the form on submit. */
export function ConfirmPasswordField({ mismatch, errorId, ...input }: ConfirmPasswordFieldProps) {
  return (
    <InputField
      {...input}
      type="password"
      autoComplete="new-password"
      required
      aria-invalid={mismatch || undefined}
      aria-describedby={mismatch ? errorId : undefined}
    >
      {mismatch ? (
        <FieldError id={errorId} role="alert">
          Passwords do not match
        </FieldError>
      ) : null}
    </InputField>
  )
}
