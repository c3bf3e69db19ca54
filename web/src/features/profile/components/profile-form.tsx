import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { z } from 'zod/mini'

import { Button } from '@/components/ui/button'
import { FieldRow, Hint, InputField, SelectField } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { paths } from '@/config/paths'
import { notify } from '@/lib/notify'
import type { User } from '@/types/user'

import { updateMe, type ProfileUpdate } from '../api/me'

export interface LocationOption {
  uid: string
  name: string
}

interface ProfileFormProps {
  profile: User
  /** The clinics for the preferred-location choice; undefined while loading or after a failure. */
  locations: LocationOption[] | undefined
  /** Called with the saved profile. */
  onSaved: (profile: User) => void
}

const fieldsOf = (p: User) => ({
  firstName: p.first_name ?? '',
  lastName: p.last_name ?? '',
  addressLine1: p.address_line1 ?? '',
  addressLine2: p.address_line2 ?? '',
  city: p.city ?? '',
  state: p.state ?? '',
  zip: p.zip_code ?? '',
  location: p.preferred_location_uid ?? '',
})

const orNull = (value: string) => value.trim() || null

/** The profile's editable fields, and the update they make: names trimmed, an emptied field cleared (null). */
export const profileSchema = z.pipe(
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    location: z.string(),
  }),
  z.transform(
    (v): ProfileUpdate => ({
      first_name: v.firstName.trim(),
      last_name: v.lastName.trim(),
      address_line1: orNull(v.addressLine1),
      address_line2: orNull(v.addressLine2),
      city: orNull(v.city),
      state: orNull(v.state),
      zip_code: orNull(v.zip),
      preferred_location_uid: v.location || null,
    }),
  ),
)

/**
 * Profile settings (SPEC §2 "Profile"): personal information, contact information (read-only, with
 * a way to ask for changes), address and preferences; Save Changes and Reset.
 */
export function ProfileForm({ profile, locations, onSaved }: ProfileFormProps) {
  const form = useZodForm(profileSchema, fieldsOf(profile))
  const { field, reset } = form
  const id = form.formId
  const saving = form.formState.isSubmitting
  // Reset is offered once a field differs from the saved profile.
  const changed = form.formState.isDirty
  const location = form.watch('location')

  // A newer copy from the server (after saving, or a revalidation) becomes the form's new baseline.
  useEffect(() => reset(fieldsOf(profile)), [profile, reset])

  const onSubmit = form.handleSubmit(async (update) => {
    try {
      const updated = await updateMe(update)
      onSaved(updated)
      notify.success('Profile Updated', 'Your profile has been updated successfully.')
    } catch (error) {
      console.error('Profile update failed', error)
      notify.error('Update Failed', 'Failed to update your profile. Please try again.')
    }
  })

  // The saved location may not be in the list (e.g. a clinic that closed): keep it selectable.
  const knownLocation = !location || locations?.some((l) => l.uid === location)

  return (
    <Form onSubmit={onSubmit} aria-label="Profile settings">
      <Section title="Personal information" id={`${id}-personal`}>
        <FieldRow>
          <InputField {...field('firstName')} label="First name" autoComplete="given-name" required />
          <InputField {...field('lastName')} label="Last name" autoComplete="family-name" required />
        </FieldRow>
      </Section>

      <Section title="Contact information" id={`${id}-contact`}>
        <FieldRow>
          <InputField
            id={`${id}-email`}
            label="Email"
            type="email"
            value={profile.email}
            readOnly
            aria-describedby={`${id}-contact-hint`}
          />
          <InputField
            id={`${id}-phone`}
            label="Phone"
            type="tel"
            value={profile.phone ?? ''}
            placeholder="No phone on file"
            readOnly
            aria-describedby={`${id}-contact-hint`}
          />
        </FieldRow>
        <Hint id={`${id}-contact-hint`}>
          Your email and phone number can't be changed here. To change them, please{' '}
          <Link to={paths.contactUs.getHref()}>contact us</Link>.
        </Hint>
      </Section>

      <Section title="Address" id={`${id}-address`}>
        <InputField {...field('addressLine1')} label="Street address" autoComplete="address-line1" />
        <InputField {...field('addressLine2')} label="Apartment, suite, etc." autoComplete="address-line2" />
        <InputField {...field('city')} label="City" autoComplete="address-level2" />
        <FieldRow>
          <InputField {...field('state')} label="State" autoComplete="address-level1" />
          <InputField
            {...field('zip')}
            label="ZIP code"
            autoComplete="postal-code"
            inputMode="numeric"
            pattern="\d{5}(-\d{4})?"
            title="5 digits, for example 30501"
          />
        </FieldRow>
      </Section>

      <Section title="Preferences" id={`${id}-preferences`}>
        <SelectField
          {...field('location', { hint: true, controlled: true })}
          label="Preferred location"
          below={<Hint id={form.ids('location').hint}>The clinic we contact you from and suggest when you book.</Hint>}
        >
          <option value="">No preference</option>
          {locations?.map((l) => (
            <option key={l.uid} value={l.uid}>
              {l.name}
            </option>
          ))}
          {!knownLocation ? <option value={location}>Your current clinic</option> : null}
        </SelectField>
      </Section>

      <Buttons>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button $variant="secondary" onClick={() => reset()} disabled={saving || !changed}>
          Reset
        </Button>
      </Buttons>
    </Form>
  )
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Fields>{children}</Fields>
    </Card>
  )
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
`

const Card = styled.section`
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.card};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};

  > * {
    flex: 1 1 12rem;
  }

  ${({ theme }) => theme.media.fromDesktop} {
    > * {
      flex: 0 0 auto;
    }
  }
`
