import type { ComponentPropsWithRef, ReactNode } from 'react'
import styled, { css } from 'styled-components'
import { theme } from '@/config/theme'

/**
 * Form building blocks shared by every form: a label above its control, hints and errors below,
 * tied together with ids by the caller (`htmlFor`, `aria-describedby`, `aria-invalid`).
 * InputField and SelectField put a labelled control together; the pieces serve anything else.
 * Text is 18px (inputs too: smaller text makes iOS zoom and is hard to read for our audience).
 */

/** One label + control + hint/error group. */
export const Field = styled.div`
  display: grid;
  /* Side by side with a taller field (one with a hint), label and control stay at the top, level with its own. */
  align-content: start;
  gap: ${theme.space[2]};
  min-width: 0;
`

export const Label = styled.label`
  font-weight: ${theme.fontWeights.semibold};
`

/** Marks a required field visually; the control's `required` attribute tells assistive technology. */
export const RequiredMark = styled.span.attrs({ 'aria-hidden': true, children: ' *' })`
  color: ${theme.colors.danger};
`

const controlStyles = css`
  width: 100%;
  min-height: 48px;
  padding: ${theme.space[2]} ${theme.space[3]};
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.base};
  line-height: ${theme.lineHeights.snug};

  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }

  &:read-only:not(select) {
    background: ${theme.colors.surface};
  }

  &:disabled {
    background: ${theme.colors.surface};
    cursor: not-allowed;
  }
`

export const Input = styled.input`
  ${controlStyles}
`

export const Select = styled.select`
  ${controlStyles}
`

/** A multi-line text control (messages, notes), styled like the others. */
export const TextArea = styled.textarea`
  ${controlStyles}
  font: inherit;
  font-size: ${theme.fontSizes.base};
  resize: vertical;
`

/** Help text under a control (reference it with aria-describedby). */
export const Hint = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`

/** A field's error (reference it with aria-describedby; give it role="alert" when it appears on submit). */
export const FieldError = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-weight: ${theme.fontWeights.semibold};
`

export const Fieldset = styled.fieldset`
  display: grid;
  gap: ${theme.space[4]};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`

export const Legend = styled.legend`
  margin-bottom: ${theme.space[3]};
  padding: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`

/** Two fields side by side from tablet width up, stacked on phones. */
export const FieldRow = styled.div`
  display: grid;
  gap: ${theme.space[4]};

  ${theme.media.fromTablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`

interface LabelledProps {
  /** The control's id: its label points at it. */
  id: string
  label: ReactNode
}

function FieldLabel({ id, label, required }: LabelledProps & { required?: boolean }) {
  return (
    <Label htmlFor={id}>
      {label}
      {required ? <RequiredMark /> : null}
    </Label>
  )
}

type InputFieldProps = LabelledProps &
  Omit<ComponentPropsWithRef<'input'>, 'id' | 'children'> & {
    /** What goes under the input: hints, errors (tie them to it with aria-describedby). */
    children?: ReactNode
  }

/** A labelled input (the label marks it when it is `required`), with hints or errors under it. */
export function InputField({ id, label, children, ...input }: InputFieldProps) {
  return (
    <Field>
      <FieldLabel id={id} label={label} required={input.required} />
      <Input id={id} {...input} />
      {children}
    </Field>
  )
}

type SelectFieldProps = LabelledProps &
  Omit<ComponentPropsWithRef<'select'>, 'id'> & {
    /** What goes under the select: hints, errors (tie them to it with aria-describedby). */
    below?: ReactNode
  }

/** A labelled select (its `children` are the options), with hints or errors under it. */
export function SelectField({ id, label, below, ...select }: SelectFieldProps) {
  return (
    <Field>
      <FieldLabel id={id} label={label} required={select.required} />
      <Select id={id} {...select} />
      {below}
    </Field>
  )
}
