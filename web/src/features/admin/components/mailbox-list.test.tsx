import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { stubNetwork } from '@/testing/network'
import { renderWithApp } from '@/testing/render'

import { MailboxList } from './mailbox-list'

const base = { kind: null, attempts: 1, last_error: null, retry_at: null, created_at: '2026-11-25T16:50:00Z' }

describe('the Email tab', () => {
  it('says a "Local only" e-mail was not sent, with when it was stored; a sent one, when it was sent', async () => {
    stubNetwork(() => ({
      status: 200,
      body: [
        { ...base, id: 'e-1', to: 'kept@example.com', subject: 'Kept here', status: 'local', sent_at: null, stored_at: '2026-11-25T16:50:00Z' },
        { ...base, id: 'e-2', to: 'sent@example.com', subject: 'Sent away', status: 'delivered', sent_at: '2026-11-25T16:51:00Z', stored_at: null },
      ],
    }))
    renderWithApp(<MailboxList />)
    const kept = (await screen.findByText('Kept here')).closest('li')!
    expect(kept).toHaveTextContent(/Not sent — stored locally Nov 25, 2026/)
    expect(kept).not.toHaveTextContent(/Sent /)
    expect(screen.getByText('Sent away').closest('li')).toHaveTextContent(/· Sent Nov 25, 2026/)
  })
})
