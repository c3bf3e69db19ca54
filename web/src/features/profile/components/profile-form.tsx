import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { FieldRow, Hint, InputField, SelectField } from '@/components/ui/form-controls'
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

type Values = ReturnType<typeof fieldsOf>

const orNull = (value: string) => value.trim() || null

export function profileUpdate(values: Values): ProfileUpdate {
  return {
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    address_line1: orNull(values.addressLine1),
    address_line2: orNull(values.addressLine2),
    city: orNull(values.city),
    state: orNull(values.state),
    zip_code: orNull(values.zip),
    preferred_location_uid: values.location || null,
  }
}

/**
 * Profile settings (SPEC §2 "Profile"): personal information, contact information (read-only, with
 * a way to ask for changes), address and preferences; Save Changes and Reset.
 */
export function ProfileForm({ profile, locations, onSaved }: ProfileFormProps) {
  const id = useId()
  const [values, setValues] = useState<Values>(() => fieldsOf(profile))
  const [saving, setSaving] = useState(false)

  // A newer copy from the server (after saving, or a revalidation) becomes the form's new baseline.
  useEffect(() => setValues(fieldsOf(profile)), [profile])

  const set = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value
    setValues((v) => ({ ...v, [field]: value }))
  }
  const input = (name: keyof Values) => ({ id: `${id}-${name}`, name, value: values[name], onChange: set(name) })

  const saved = fieldsOf(profile)
  const changed = (Object.keys(values) as (keyof Values)[]).some((k) => values[k] !== saved[k])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSaving(true)
    try {
      const updated = await updateMe(profileUpdate(values))
      onSaved(updated)
      notify.success('Profile Updated', 'Your profile has been updated successfully.')
    } catch (error) {
      console.error('Profile update failed', error)
      notify.error('Update Failed', 'Failed to update your profile. Please try again.')
    } finally {
      setSaving(false)
    }
  }

  const onReset = () => setValues(saved)

  // The saved location may not be in the list (e.g. a clinic that closed): keep it selectable.
  const knownLocation = !values.location || locations?.some((l) => l.uid === values.location)

  return (
    <Form onSubmit={onSubmit} aria-label="Profile settings">
      <Section title="Personal information" id={`${id}-personal`}>
        <FieldRow>
          <InputField {...input('firstName')} label="First name" autoComplete="given-name" required />
          <InputField {...input('lastName')} label="Last name" autoComplete="family-name" required />
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
        <InputField {...input('addressLine1')} label="Street address" autoComplete="address-line1" />
        <InputField {...input('addressLine2')} label="Apartment, suite, etc." autoComplete="address-line2" />
        <InputField {...input('city')} label="City" autoComplete="address-level2" />
        <FieldRow>
          <InputField {...input('state')} label="State" autoComplete="address-level1" />
          <InputField
            {...input('zip')}
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
          {...input('location')}
          label="Preferred location"
          aria-describedby={`${id}-location-hint`}
          below={<Hint id={`${id}-location-hint`}>The clinic we contact you from and suggest when you book.</Hint>}
        >
          <option value="">No preference</option>
          {locations?.map((l) => (
            <option key={l.uid} value={l.uid}>
              {l.name}
            </option>
          ))}
          {!knownLocation ? <option value={values.location}>Your current clinic</option> : null}
        </SelectField>
      </Section>

      <Buttons>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button $variant="secondary" onClick={onReset} disabled={saving || !changed}>
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
