import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form'
import type * as z from 'zod/v4/core'

import { FieldError } from './form-controls'

/**
 * The one way to build a form: react-hook-form with the form's zod schema as its validator.
 *
 * The schema holds the rules the form checks and turns the fields into what is sent (its output,
 * e.g. an API payload, is what `handleSubmit` hands over). Write it with `zod/mini`: the browser
 * then gets only the parts of zod used (classic `zod` works too but ships whole, ~40 KB gzip).
 * The browser's own checks (`required`, `minLength`, `pattern` on the controls) still run first
 * unless the form says `noValidate`.
 *
 * `field(name)` gives a control everything it needs (`id`, `name`, value binding and ref,
 * `aria-invalid`, `aria-describedby` pointing at its hint and error) and `errorFor(name)` renders
 * the field's error with the id the control points at:
 *
 *   const form = useZodForm(schema, { email: '' })
 *   <form onSubmit={form.handleSubmit(send)}>
 *     <InputField {...form.field('email', { hint: true })} label="Email">
 *       <Hint id={form.ids('email').hint}>…</Hint>
 *       {form.errorFor('email')}
 *     </InputField>
 *
 * On a failed submit the first field in error is focused. A field's error goes when the user edits
 * that field (or a field listed for it in `alsoClears`), unless `clearErrorsOnEdit` is false: then
 * errors stay until the next submit.
 */
export interface ZodFormOptions<Values extends FieldValues> {
  /** Editing the key field also clears the listed fields' errors (e.g. a new password clears "do not match"). */
  alsoClears?: Partial<Record<Path<Values>, Path<Values>[]>>
  /** Default true. */
  clearErrorsOnEdit?: boolean
}

interface FieldOptions {
  /** The control has a hint (rendered by the caller with `ids(name).hint`), or the id of one. */
  hint?: boolean | string
  /**
   * React holds the value. Needed by a select whose options arrive after the form (a clinic list
   * loading): the browser would otherwise show the first option once the chosen one appears.
   */
  controlled?: boolean
}

export function useZodForm<Schema extends z.$ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  { alsoClears, clearErrorsOnEdit = true }: ZodFormOptions<z.input<Schema>> = {},
) {
  type Values = z.input<Schema>
  const formId = useId()
  const form = useForm<Values, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    // Checked on submit only; while editing, errors clear (below) rather than re-validate.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  })
  const { errors } = form.formState

  const ids = (name: Path<Values>) => ({
    control: `${formId}-${name}`,
    hint: `${formId}-${name}-hint`,
    error: `${formId}-${name}-error`,
  })

  const errorMessage = (name: Path<Values>): string | undefined => {
    const error = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      | { message?: unknown }
      | undefined
    return error ? String(error.message ?? '') : undefined
  }

  const edited = (name: Path<Values>) => {
    if (!clearErrorsOnEdit) return
    const names = [name, ...(alsoClears?.[name] ?? [])].filter((n) => errorMessage(n) !== undefined)
    if (names.length) form.clearErrors(names)
  }

  const field = (name: Path<Values>, { hint, controlled = false }: FieldOptions = {}) => {
    const invalid = errorMessage(name) !== undefined
    const describedBy = [hint === true ? ids(name).hint : hint || '', invalid ? ids(name).error : ''].filter(Boolean).join(' ')
    return {
      id: ids(name).control,
      ...form.register(name, { onChange: () => edited(name) }),
      ...(controlled ? { value: form.watch(name) as string } : {}),
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy || undefined,
    }
  }

  /** The field's error, if any; `announce` gives it role="alert" (when nothing else, e.g. a toast, says it). */
  const errorFor = (name: Path<Values>, { announce = false }: { announce?: boolean } = {}) => {
    const message = errorMessage(name)
    if (message === undefined) return null
    return (
      <FieldError id={ids(name).error} role={announce ? 'alert' : undefined}>
        {message}
      </FieldError>
    )
  }

  return { ...form, formId, ids, field, errorFor }
}
