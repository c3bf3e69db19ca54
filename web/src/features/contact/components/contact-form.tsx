import { GREETING_NAME_MAX } from '@hearing/contracts'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Field, FieldRow, Hint, InputField, Label, RequiredMark, SelectField, TextArea } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { paths } from '@/config/paths'
import { trackEvent } from '@/lib/analytics'
import { notify } from '@/lib/notify'

import { sendContactMessage } from '../api/send-message'
import { contactSchema } from '../schema'
import { t } from '@/i18n/contact'
import { t as tForms } from '@/i18n/forms'
import { theme } from '@/config/theme'

/**
 * The contact form (SPEC §2 "Contact", §4): five required fields; "Send Message" shows "Sending..."
 * while busy; success goes to /message-success at the top of the page; failures are toasts (§8).
 */
/** The clinic list as the page loaded it (GET /api/messaging/locations). */
export interface ContactLocations {
  data?: Array<{ uid: string; name: string }>
  error?: unknown
}

export function ContactForm({ locations }: { locations: ContactLocations }) {
  const navigate = useNavigate()
  const form = useZodForm(contactSchema, { firstName: '', lastName: '', phone: '', location: '', message: '', website: '' })
  // Stays true after success: the page is on its way to /message-success.
  const [leaving, setLeaving] = useState(false)
  const sending = form.formState.isSubmitting || leaving

  // Once per visit, however often SWR retries in the background.
  const toldLocationsFailed = useRef(false)
  useEffect(() => {
    if (!locations.error || toldLocationsFailed.current) return
    toldLocationsFailed.current = true
    notify.error(t('contact.locationsFailed.title'), t('contact.locationsFailed.text'))
  }, [locations.error])

  const onSubmit = form.handleSubmit(async (message) => {
    try {
      await sendContactMessage(message)
    } catch {
      notify.error(t('contact.sendFailed.title'), t('contact.sendFailed.text'))
      return
    }
    setLeaving(true)
    trackEvent('Contacted-us')
    navigate(paths.messageSuccess.getHref())
    window.scrollTo({ top: 0 })
  })

  return (
    <Form onSubmit={onSubmit} aria-label={t('contact.form.label')}>
      <FieldRow>
        <InputField {...form.field('firstName')} label={tForms('forms.firstName')} autoComplete="given-name" maxLength={GREETING_NAME_MAX} required>
          {form.errorFor('firstName')}
        </InputField>
        <InputField {...form.field('lastName')} label={tForms('forms.lastName')} autoComplete="family-name" maxLength={GREETING_NAME_MAX} required>
          {form.errorFor('lastName')}
        </InputField>
      </FieldRow>
      <InputField {...form.field('phone')} label={tForms('forms.phone')} type="tel" autoComplete="tel" maxLength={40} required />
      <SelectField {...form.field('location', { controlled: true })} label={tForms('forms.preferredLocation')} required>
        <option value="">{locations.data ? tForms('forms.selectLocation') : locations.error ? tForms('forms.locationsFailed') : tForms('forms.locationsLoading')}</option>
        {locations.data?.map((location) => (
          <option key={location.uid} value={location.uid}>
            {location.name}
          </option>
        ))}
      </SelectField>
      <Field>
        <Label htmlFor={form.ids('message').control}>
          {t('contact.message')}
          <RequiredMark />
        </Label>
        <MessageArea {...form.field('message', { hint: true })} rows={6} maxLength={5000} required />
        <Hint id={form.ids('message').hint}>{t('contact.message.hint', { reply: tForms('forms.reply.form') })}</Hint>
      </Field>
      {/* Hidden from people and assistive technology: only bots fill it in. */}
      <Trap aria-hidden="true">
        <label htmlFor={form.ids('website').control}>Website</label>
        <input {...form.field('website')} type="text" tabIndex={-1} autoComplete="off" />
      </Trap>
      <div>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('contact.sending') : t('contact.send')}
        </Button>
      </div>
    </Form>
  )
}

const Form = styled.form`
  display: grid;
  gap: ${theme.space[4]};
`

const MessageArea = styled(TextArea)`
  min-height: 10rem;
`

const Trap = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`
