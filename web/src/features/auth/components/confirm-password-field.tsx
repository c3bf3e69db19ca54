import type { ComponentProps } from 'react'

import { InputField } from '@/components/ui/form-controls'

type ConfirmPasswordFieldProps = Omit<ComponentProps<typeof InputField>, 'type' | 'autoComplete' | 'required'>

/**
 * The second entry of a new password, checked against the first by the form's schema on submit;
 * its error ("Passwords do not match") goes in as `children`.
 */
export function ConfirmPasswordField(props: ConfirmPasswordFieldProps) {
  return <InputField {...props} type="password" autoComplete="new-password" required />
}
