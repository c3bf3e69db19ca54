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
import { t } from '@/i18n/profile'
import { t as tForms } from '@/i18n/forms'
import { t as tAuth } from '@/i18n/auth'
import { theme } from '@/config/theme'

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
      notify.success(t('profile.updated.title'), t('profile.updated.text'))
    } catch (error) {
      console.error('Profile update failed', error)
      notify.error(t('profile.updateFailed.title'), t('profile.updateFailed.text'))
    }
  })

  // The saved location may not be in the list (e.g. a clinic that closed): keep it selectable.
  const knownLocation = !location || locations?.some((l) => l.uid === location)

  return (
    <Form onSubmit={onSubmit} aria-label={t('profile.form')}>
      <Section title={t('profile.personal')} id={`${id}-personal`}>
        <FieldRow>
          <InputField {...field('firstName')} label={tForms('forms.firstName')} autoComplete="given-name" required />
          <InputField {...field('lastName')} label={tForms('forms.lastName')} autoComplete="family-name" required />
        </FieldRow>
      </Section>

      <Section title={t('profile.contact')} id={`${id}-contact`}>
        <FieldRow>
          <InputField
            id={`${id}-email`}
            label={tForms('forms.email')}
            type="email"
            value={profile.email}
            readOnly
            aria-describedby={`${id}-contact-hint`}
          />
          <InputField
            id={`${id}-phone`}
            label={tForms('forms.phone')}
            type="tel"
            value={profile.phone ?? ''}
            placeholder={t('profile.noPhone')}
            readOnly
            aria-describedby={`${id}-contact-hint`}
          />
        </FieldRow>
        <Hint id={`${id}-contact-hint`}>
          {t('profile.contact.hint')} <Link to={paths.contactUs.getHref()}>{t('profile.contact.link')}</Link>.
        </Hint>
      </Section>

      <Section title={t('profile.address')} id={`${id}-address`}>
        <InputField {...field('addressLine1')} label={tAuth('auth.address.street')} autoComplete="address-line1" />
        <InputField {...field('addressLine2')} label={tAuth('auth.address.line2')} autoComplete="address-line2" />
        <InputField {...field('city')} label={tAuth('auth.address.city')} autoComplete="address-level2" />
        <FieldRow>
          <InputField {...field('state')} label={tAuth('auth.address.state')} autoComplete="address-level1" />
          <InputField
            {...field('zip')}
            label={tAuth('auth.address.zip')}
            autoComplete="postal-code"
            inputMode="numeric"
            pattern="\d{5}(-\d{4})?"
            title={tAuth('auth.address.zip.title')}
          />
        </FieldRow>
      </Section>

      <Section title={t('profile.preferences')} id={`${id}-preferences`}>
        <SelectField
          {...field('location', { hint: true, controlled: true })}
          label={tForms('forms.preferredLocation')}
          below={<Hint id={form.ids('location').hint}>{t('profile.location.hint')}</Hint>}
        >
          <option value="">{t('profile.noPreference')}</option>
          {locations?.map((l) => (
            <option key={l.uid} value={l.uid}>
              {l.name}
            </option>
          ))}
          {!knownLocation ? <option value={location}>{t('profile.currentClinic')}</option> : null}
        </SelectField>
      </Section>

      <Buttons>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving ? t('profile.saving') : t('profile.save')}
        </Button>
        <Button $variant="secondary" onClick={() => reset()} disabled={saving || !changed}>
          {t('profile.reset')}
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
  gap: ${theme.space[5]};
`

const Card = styled.section`
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};

  h2 {
    font-size: ${theme.fontSizes.xl};
  }
`

const Fields = styled.div`
  display: grid;
  gap: ${theme.space[4]};
`

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};

  > * {
    flex: 1 1 12rem;
  }

  ${theme.media.fromDesktop} {
    > * {
      flex: 0 0 auto;
    }
  }
`
