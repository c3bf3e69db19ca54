import { useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { CardError, CardItem, CardList, CardMeta, CardRow, WrittenText } from '@/components/ui/card-list'
import { notify } from '@/lib/notify'

import { markHandled, useInbox, type InboxMessage } from '../api/inbox'

import { Muted, RefreshablePanel } from './refreshable-panel'

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const statusText: Record<string, string> = {
  pending: 'Pending',
  queued: 'Queued',
  waiting: 'Stuck: retrying',
  delivered: 'Delivered',
  local: 'Received here',
  failed: 'Failed',
  refused: 'Could not be handed over',
}

const kindText: Record<string, string> = { contact: 'Contact form', booking: 'Booking request', order: 'Order request' }

const PROBLEM_STATUSES = new Set(['failed', 'refused', 'waiting'])

/** The Inbox tab (staff and admins): every message patients sent, newest first. */
export function InboxList() {
  const inbox = useInbox()

  return (
    <RefreshablePanel
      resource={inbox}
      noun="messages"
      summary={(messages) => `${messages.filter((m) => !m.handled_at).length} not handled yet.`}
    >
      {(messages) =>
        messages.length === 0 ? (
          <Muted>No messages yet.</Muted>
        ) : (
          <CardList>
            {messages.map((message) => (
              <Message key={message.id} message={message} onChanged={() => void inbox.mutate()} />
            ))}
          </CardList>
        )
      }
    </RefreshablePanel>
  )
}

function Message({ message, onChanged }: { message: InboxMessage; onChanged: () => void }) {
  const [busy, setBusy] = useState(false)
  const handled = message.handled_at !== null
  const name = `${message.first_name} ${message.last_name}`

  const toggle = async () => {
    setBusy(true)
    try {
      await markHandled(message.id, !handled)
      onChanged()
    } catch (error) {
      notify.error('Error', error instanceof Error ? error.message : 'Please try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Item $handled={handled}>
      <Head>
        <Sender>{name}</Sender>
        <CardMeta>
          {kindText[message.kind] ?? message.kind} · {message.location_name ?? message.location_uid} ·{' '}
          {timeFormat.format(new Date(message.created_at))}
        </CardMeta>
        <CardMeta>
          <a href={`tel:${message.phone}`}>{message.phone}</a>
          {message.email ? (
            <>
              {' · '}
              <a href={`mailto:${message.email}`}>{message.email}</a>
            </>
          ) : null}
        </CardMeta>
      </Head>
      <WrittenText>{message.text}</WrittenText>
      <CardRow>
        <CardMeta>
          Delivery: <Status $problem={PROBLEM_STATUSES.has(message.status)}>{statusText[message.status] ?? message.status}</Status>
          {message.last_error ? <CardError as="span"> ({message.last_error})</CardError> : null}
        </CardMeta>
        <Button $variant="secondary" onClick={() => void toggle()} disabled={busy} aria-pressed={handled} aria-label={`Handled: message from ${name}`}>
          {handled ? 'Handled ✓' : 'Mark handled'}
        </Button>
      </CardRow>
    </Item>
  )
}

const Item = styled(CardItem)<{ $handled: boolean }>`
  gap: ${({ theme }) => theme.space[3]};
  border-left: 6px solid ${({ theme, $handled }) => ($handled ? theme.colors.border : theme.colors.primary)};
  background: ${({ theme }) => theme.colors.background};
`

const Head = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
`

const Sender = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  overflow-wrap: anywhere;
`

const Status = styled.span<{ $problem: boolean }>`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $problem }) => ($problem ? theme.colors.danger : theme.colors.text)};
`
