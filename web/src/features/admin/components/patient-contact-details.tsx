import { PATIENT_LANGUAGE_NAMES, type AdminUser } from '@hearing/contracts'
import { useRef, useState } from 'react'
import styled from 'styled-components'
import { z } from 'zod/mini'

import { Button } from '@/components/ui/button'
import { FieldRow, Hint, InputField } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { serverFieldErrors } from '@/lib/server-field-errors'

import { updateContactDetails, type ContactDetails } from '../api/patients'
import { theme } from '@/config/theme'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

/** The form's fields, trimmed; the server holds the rules and answers each problem by field. */
const contactSchema = z.pipe(
  z.object({ first_name: z.string(), last_name: z.string(), phone: z.string(), email: z.string() }),
  z.transform((v): ContactDetails => ({ first_name: v.first_name.trim(), last_name: v.last_name.trim(), phone: v.phone.trim(), email: v.email.trim() })),
)
const FIELDS = ['first_name', 'last_name', 'phone', 'email'] as const

interface PatientContactDetailsProps {
  user: AdminUser
  /** Staff correct customers' details; staff and admin accounts are an admin's business. */
  canEdit: boolean
  clinicName: (uid: string) => string
  onSaved: (user: AdminUser) => void
}

/**
 * A patient's contact details, and the form staff correct them with (patients cannot change their
 * e-mail or phone themselves: SPEC §2 "Profile"). A new e-mail address is unconfirmed until the
 * patient follows the link sent to it.
 */
export function PatientContactDetails({ user, canEdit, clinicName, onSaved }: PatientContactDetailsProps) {
  const [editing, setEditing] = useState(false)
  const editButton = useRef<HTMLButtonElement>(null)

  const close = () => {
    setEditing(false)
    // The form's buttons are gone: focus goes back to the button that opened it.
    requestAnimationFrame(() => editButton.current?.focus())
  }

  const address = [user.address_line1, user.address_line2, [user.city, user.state, user.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return (
    <>
      {editing ? (
        <EditForm user={user} onCancel={close} onSaved={(saved) => (onSaved(saved), close())} />
      ) : (
        <>
          <Details>
            <dt>Name</dt>
            <dd>{user.full_name?.trim() || 'No name'}</dd>
            <dt>E-mail</dt>
            <dd>
              {user.email}
              {user.email_verified ? '' : ' (not confirmed yet)'}
            </dd>
            <dt>Phone</dt>
            <dd>{user.phone?.trim() || 'No phone'}</dd>
            <dt>Address</dt>
            <dd>{address || 'No address'}</dd>
            <dt>Language</dt>
            <dd>{PATIENT_LANGUAGE_NAMES[user.language]}</dd>
            <dt>Preferred clinic</dt>
            <dd>{user.preferred_location_uid ? clinicName(user.preferred_location_uid) : 'None chosen'}</dd>
            <dt>Account created</dt>
            <dd>{dateFormat.format(new Date(user.created_at))}</dd>
          </Details>
          {canEdit ? (
            <Button ref={editButton} $variant="secondary" onClick={() => setEditing(true)}>
              Edit contact details
            </Button>
          ) : null}
        </>
      )}
    </>
  )
}

function EditForm({ user, onCancel, onSaved }: { user: AdminUser; onCancel: () => void; onSaved: (user: AdminUser) => void }) {
  const form = useZodForm(contactSchema, { first_name: user.first_name ?? '', last_name: user.last_name ?? '', phone: user.phone ?? '', email: user.email })
  const busy = form.formState.isSubmitting

  const submit = form.handleSubmit(async (details) => {
    try {
      const saved = await updateContactDetails(user.id, details)
      const moved = saved.email !== user.email
      notify.success('Contact details saved', moved ? `A confirmation link was sent to ${saved.email}. Until it is followed, the patient cannot sign in.` : `${saved.full_name ?? saved.email}'s details are up to date.`)
      onSaved(saved)
    } catch (err) {
      if (!(err instanceof ApiError)) return notify.error('Contact details not saved', 'Please try again.')
      // Each problem next to its field (and the first one focused); anything else in a toast.
      const fields = err.status === 409 ? { email: err.message } : err.status === 400 ? serverFieldErrors(err.message) : {}
      const known = FIELDS.filter((name) => fields[name])
      known.forEach((name, i) => form.setError(name, { message: fields[name] }, { shouldFocus: i === 0 }))
      if (known.length === 0) notify.error('Contact details not saved', err.message)
    }
  })

  return (
    <Form onSubmit={submit} aria-label="Contact details" noValidate>
      <FieldRow>
        <InputField {...form.field('first_name')} label="First name" autoComplete="off" maxLength={100}>
          {form.errorFor('first_name')}
        </InputField>
        <InputField {...form.field('last_name')} label="Last name" autoComplete="off" maxLength={100}>
          {form.errorFor('last_name')}
        </InputField>
      </FieldRow>
      <FieldRow>
        <InputField {...form.field('phone')} label="Phone" type="tel" autoComplete="off" maxLength={30}>
          {form.errorFor('phone')}
        </InputField>
        <InputField {...form.field('email', { hint: true })} label="E-mail" type="email" autoComplete="off" maxLength={254}>
          <Hint id={form.ids('email').hint}>A new address must be confirmed: we e-mail a link to it, and the patient cannot sign in with it until they follow that link.</Hint>
          {form.errorFor('email')}
        </InputField>
      </FieldRow>
      <Buttons>
        <Button type="submit" aria-busy={busy || undefined}>
          {busy ? 'Saving...' : 'Save contact details'}
        </Button>
        <Button $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </Buttons>
    </Form>
  )
}

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) minmax(0, 1fr);
  gap: ${theme.space[2]} ${theme.space[4]};
  margin: 0 0 ${theme.space[4]};

  dt {
    font-weight: ${theme.fontWeights.semibold};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`

const Form = styled.form`
  display: grid;
  gap: ${theme.space[4]};
`

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`
