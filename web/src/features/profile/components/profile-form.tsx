import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Field, FieldRow, Hint, Input, Label, RequiredMark, Select } from '@/components/ui/form-controls'
import { paths } from '@/config/paths'
import { notify } from '@/lib/notify'

import { updateMe, type Profile, type ProfileUpdate } from '../api/me'

export interface LocationOption {
  uid: string
  name: string
}

interface ProfileFormProps {
  profile: Profile
  /** The clinics for the preferred-location choice; undefined while loading or after a failure. */
  locations: LocationOption[] | undefined
  /** Called with the saved profile. */
  onSaved: (profile: Profile) => void
}

const fieldsOf = (p: Profile) => ({
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
          <Field>
            <Label htmlFor={`${id}-firstName`}>
              First name
              <RequiredMark />
            </Label>
            <Input {...input('firstName')} autoComplete="given-name" required />
          </Field>
          <Field>
            <Label htmlFor={`${id}-lastName`}>
              Last name
              <RequiredMark />
            </Label>
            <Input {...input('lastName')} autoComplete="family-name" required />
          </Field>
        </FieldRow>
      </Section>

      <Section title="Contact information" id={`${id}-contact`}>
        <FieldRow>
          <Field>
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input id={`${id}-email`} type="email" value={profile.email} readOnly aria-describedby={`${id}-contact-hint`} />
          </Field>
          <Field>
            <Label htmlFor={`${id}-phone`}>Phone</Label>
            <Input
              id={`${id}-phone`}
              type="tel"
              value={profile.phone ?? ''}
              placeholder="No phone on file"
              readOnly
              aria-describedby={`${id}-contact-hint`}
            />
          </Field>
        </FieldRow>
        <Hint id={`${id}-contact-hint`}>
          Your email and phone number can't be changed here. To change them, please{' '}
          <Link to={paths.contactUs.getHref()}>contact us</Link>.
        </Hint>
      </Section>

      <Section title="Address" id={`${id}-address`}>
        <Field>
          <Label htmlFor={`${id}-addressLine1`}>Street address</Label>
          <Input {...input('addressLine1')} autoComplete="address-line1" />
        </Field>
        <Field>
          <Label htmlFor={`${id}-addressLine2`}>Apartment, suite, etc.</Label>
          <Input {...input('addressLine2')} autoComplete="address-line2" />
        </Field>
        <Field>
          <Label htmlFor={`${id}-city`}>City</Label>
          <Input {...input('city')} autoComplete="address-level2" />
        </Field>
        <FieldRow>
          <Field>
            <Label htmlFor={`${id}-state`}>State</Label>
            <Input {...input('state')} autoComplete="address-level1" />
          </Field>
          <Field>
            <Label htmlFor={`${id}-zip`}>ZIP code</Label>
            <Input {...input('zip')} autoComplete="postal-code" inputMode="numeric" pattern="\d{5}(-\d{4})?" title="5 digits, for example 30501" />
          </Field>
        </FieldRow>
      </Section>

      <Section title="Preferences" id={`${id}-preferences`}>
        <Field>
          <Label htmlFor={`${id}-location`}>Preferred location</Label>
          <Select {...input('location')} aria-describedby={`${id}-location-hint`}>
            <option value="">No preference</option>
            {locations?.map((l) => (
              <option key={l.uid} value={l.uid}>
                {l.name}
              </option>
            ))}
            {!knownLocation ? <option value={values.location}>Your current clinic</option> : null}
          </Select>
          <Hint id={`${id}-location-hint`}>The clinic we contact you from and suggest when you book.</Hint>
        </Field>
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
