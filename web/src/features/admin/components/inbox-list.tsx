import type { AdminAppointment, StaffMember } from '@hearing/contracts'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { CardError, CardItem, CardList, CardMeta, CardRow, WrittenText } from '@/components/ui/card-list'
import { statusText as appointmentStatusText, statusTone } from '@/lib/appointments'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { notify } from '@/lib/notify'

import { markHandled, useInbox, useInboxAppointments, useInboxStaff, type InboxMessage, type InboxView } from '../api/inbox'

import { AssignControl, ReplyArea } from './inbox-actions'
import { useLinkedItem } from './linked-item'
import { LanguageNote } from './patient-language'
import { Muted, RefreshablePanel } from './refreshable-panel'
import { theme } from '@/config/theme'

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

/**
 * The Inbox tab (staff and admins): every message patients sent, newest first (or only those
 * assigned to me), each with who looks after it and staff's replies.
 */
export function InboxList({ currentUserId }: { currentUserId: string }) {
  const [view, setView] = useState<InboxView>('all')
  const inbox = useInbox(view)
  const staff = useInboxStaff()
  const appointments = useInboxAppointments(inbox.data)
  const byId = new Map((appointments.data ?? []).map((a) => [a.id, a]))
  const appointmentOf = (m: InboxMessage) => (m.appointment_id ? byId.get(m.appointment_id) : undefined)

  return (
    <>
      <ViewChoice role="group" aria-label="Which messages">
        <Button $variant={view === 'all' ? 'primary' : 'secondary'} aria-pressed={view === 'all'} onClick={() => setView('all')}>
          All messages
        </Button>
        <Button $variant={view === 'mine' ? 'primary' : 'secondary'} aria-pressed={view === 'mine'} onClick={() => setView('mine')}>
          Assigned to me
        </Button>
      </ViewChoice>
    <RefreshablePanel
      resource={{
        ...inbox,
        // Refresh asks scheduling again too: a request may have been decided meanwhile.
        mutate: ((...args: Parameters<typeof inbox.mutate>) => {
          void appointments.mutate()
          return inbox.mutate(...args)
        }) as typeof inbox.mutate,
      }}
      noun="messages"
      summary={(messages) => `${messages.filter((m) => !isHandled(m, appointmentOf(m))).length} not handled yet.`}
    >
      {(messages) =>
        messages.length === 0 ? (
          <Muted>{view === 'mine' ? 'No messages are assigned to you.' : 'No messages yet.'}</Muted>
        ) : (
          <CardList>
            {messages.map((message) => (
              <Message
                key={message.id}
                message={message}
                appointment={appointmentOf(message)}
                staff={staff.data}
                currentUserId={currentUserId}
                onChanged={() => void inbox.mutate()}
              />
            ))}
          </CardList>
        )
      }
    </RefreshablePanel>
    </>
  )
}

/** A booking request staff have decided on (or that was cancelled) is handled, whoever did it and where. */
const decided = (appointment: AdminAppointment | undefined) => appointment !== undefined && appointment.status !== 'pending'
const isHandled = (message: InboxMessage, appointment: AdminAppointment | undefined) => message.handled_at !== null || decided(appointment)

interface MessageProps {
  message: InboxMessage
  appointment: AdminAppointment | undefined
  staff: StaffMember[] | undefined
  currentUserId: string
  onChanged: () => void
}

export function Message({ message, appointment, staff, currentUserId, onChanged }: MessageProps) {
  const [busy, setBusy] = useState(false)
  const handled = isHandled(message, appointment)
  const name = `${message.first_name} ${message.last_name}`
  const { ref, focusProps } = useLinkedItem<HTMLLIElement>({ appointment: message.appointment_id, order: message.order_id })

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
    <Item $handled={handled} ref={ref} {...focusProps}>
      <Head>
        <Sender>{name}</Sender>
        <CardMeta>
          {kindText[message.kind] ?? message.kind} · {message.location_name ?? message.location_uid} ·{' '}
          {timeFormat.format(new Date(message.created_at))}
        </CardMeta>
        <CardMeta>
          <a href={`tel:${message.phone}`}>{message.phone_display}</a>
          {message.email ? (
            <>
              {' · '}
              <a href={`mailto:${message.email}`}>{message.email}</a>
            </>
          ) : null}
          <LanguageNote language={message.language} />
        </CardMeta>
      </Head>
      {appointment ? (
        <CardRow>
          <CardMeta>
            Appointment: <Badge $tone={statusTone[appointment.status]}>{appointmentStatusText[appointment.status]}</Badge> {appointment.when}
          </CardMeta>
          <Link to={`/admin?tab=appointments&appointment=${encodeURIComponent(appointment.id)}`}>Open the appointment</Link>
        </CardRow>
      ) : null}
      {message.order_id ? (
        <CardRow>
          <CardMeta>About an order request</CardMeta>
          <Link to={`/admin?tab=orders&order=${encodeURIComponent(message.order_id)}`}>
            Open the order request<VisuallyHidden> from {name}</VisuallyHidden>
          </Link>
        </CardRow>
      ) : null}
      <WrittenText>{message.text}</WrittenText>
      <AssignControl message={message} name={name} staff={staff} currentUserId={currentUserId} onChanged={onChanged} />
      <ReplyArea message={message} name={name} onChanged={onChanged} />
      <CardRow>
        <CardMeta>
          Delivery: <Status $problem={PROBLEM_STATUSES.has(message.status)}>{statusText[message.status] ?? message.status}</Status>
          {message.last_error ? <CardError as="span"> ({message.last_error})</CardError> : null}
        </CardMeta>
        {decided(appointment) ? (
          <CardMeta>Handled: the request is {appointmentStatusText[appointment!.status].toLowerCase()}</CardMeta>
        ) : (
          // The accessible name starts with the visible text (WCAG 2.5.3), then says whose message.
          <Button $variant="secondary" onClick={() => void toggle()} disabled={busy} aria-pressed={handled} aria-label={`${handled ? 'Handled' : 'Mark handled'}: message from ${name}`}>
            {handled ? 'Handled' : 'Mark handled'}
            {handled ? <span aria-hidden="true"> ✓</span> : null}
          </Button>
        )}
      </CardRow>
    </Item>
  )
}

const ViewChoice = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin-bottom: ${theme.space[4]};
`

const Item = styled(CardItem)<{ $handled: boolean }>`
  gap: ${theme.space[3]};
  border-left: 6px solid ${({ theme, $handled }) => ($handled ? theme.colors.border : theme.colors.primary)};
  background: ${theme.colors.background};
`

const Head = styled.div`
  display: grid;
  gap: ${theme.space[1]};
`

const Sender = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  overflow-wrap: anywhere;
`

const Status = styled.span<{ $problem: boolean }>`
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ theme, $problem }) => ($problem ? theme.colors.danger : theme.colors.text)};
`
