import { GREETING_NAME_MAX } from '@hearing/contracts'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Field, FieldRow, Hint, InputField, Label, RequiredMark, SelectField, TextArea } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { paths } from '@/config/paths'
import { practice } from '@/content/practice'
import { trackEvent } from '@/lib/analytics'
import { notify } from '@/lib/notify'

import { sendContactMessage } from '../api/send-message'
import { contactSchema } from '../schema'

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
    notify.error('Failed to load locations', 'Please refresh the page and try again.')
  }, [locations.error])

  const onSubmit = form.handleSubmit(async (message) => {
    try {
      await sendContactMessage(message)
    } catch {
      notify.error('Failed to send message', 'Please try again or contact us directly.')
      return
    }
    setLeaving(true)
    trackEvent('Contacted-us')
    navigate(paths.messageSuccess.getHref())
    window.scrollTo({ top: 0 })
  })

  return (
    <Form onSubmit={onSubmit} aria-label="Contact us">
      <FieldRow>
        <InputField {...form.field('firstName')} label="First name" autoComplete="given-name" maxLength={GREETING_NAME_MAX} required>
          {form.errorFor('firstName')}
        </InputField>
        <InputField {...form.field('lastName')} label="Last name" autoComplete="family-name" maxLength={GREETING_NAME_MAX} required>
          {form.errorFor('lastName')}
        </InputField>
      </FieldRow>
      <InputField {...form.field('phone')} label="Phone" type="tel" autoComplete="tel" maxLength={40} required />
      <SelectField {...form.field('location', { controlled: true })} label="Preferred location" required>
        <option value="">{locations.data ? 'Select a location' : locations.error ? 'Locations could not be loaded' : 'Loading locations...'}</option>
        {locations.data?.map((location) => (
          <option key={location.uid} value={location.uid}>
            {location.name}
          </option>
        ))}
      </SelectField>
      <Field>
        <Label htmlFor={form.ids('message').control}>
          Message
          <RequiredMark />
        </Label>
        <MessageArea {...form.field('message', { hint: true })} rows={6} maxLength={5000} required />
        <Hint id={form.ids('message').hint}>We will get back to you {practice.replyTimes.form}.</Hint>
      </Field>
      {/* Hidden from people and assistive technology: only bots fill it in. */}
      <Trap aria-hidden="true">
        <label htmlFor={form.ids('website').control}>Website</label>
        <input {...form.field('website')} type="text" tabIndex={-1} autoComplete="off" />
      </Trap>
      <div>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </Form>
  )
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
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
