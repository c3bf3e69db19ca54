import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { stubNetwork } from '@/testing/network'
import { renderWithApp } from '@/testing/render'

import { ContactForm } from './contact-form'

const locations = { data: [{ uid: 'gainesville', name: 'Gainesville' }, { uid: 'dahlonega', name: 'Dahlonega' }] }

async function fillIn() {
  const view = renderWithApp(<ContactForm locations={locations} />)
  const { user } = view
  await user.type(screen.getByLabelText(/First name/), '  Ana ')
  await user.type(screen.getByLabelText(/Last name/), 'Muñoz')
  await user.type(screen.getByLabelText(/Phone/), '(770) 555-0142')
  await user.selectOptions(screen.getByLabelText(/Preferred location/), 'Dahlonega')
  await user.type(screen.getByLabelText(/Message/), 'Do you fit hearing aids on Saturdays?  ')
  return { ...view, submit: screen.getByRole('button', { name: 'Send Message' }) }
}

describe('contact form', () => {
  it('sends the trimmed message to the chosen clinic, without the bot trap, counts it, and says "Sending..." on its way out', async () => {
    const sent = stubNetwork(() => ({ status: 202, body: { id: 'm-1' } }))
    const { user, submit } = await fillIn()
    expect(screen.getByLabelText(/Message/)).toHaveAccessibleDescription(/We will get back to you/)
    await user.click(submit)
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled()
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/messaging/contact',
        body: { first_name: 'Ana', last_name: 'Muñoz', phone: '(770) 555-0142', location_uid: 'dahlonega', message: 'Do you fit hearing aids on Saturdays?' },
      },
      { method: 'POST', path: '/content/events', body: { type: 'event', name: 'Contacted-us', path: '/' } },
    ])
  })

  it('says so in a toast when the message could not be sent, and may be sent again', async () => {
    const sent = stubNetwork(() => ({ status: 503, body: { message: 'Service temporarily unavailable.' } }))
    const { user, submit } = await fillIn()
    await user.click(submit)
    expect(await screen.findByText('Please try again or contact us directly.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    await screen.findAllByText('Please try again or contact us directly.')
    expect(sent).toHaveLength(2)
  })
})
