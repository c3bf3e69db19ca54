import styled from 'styled-components'
import { CardError, CardList, CardMeta } from '@/components/ui/card-list'

import { useMailbox, type MailboxMessage } from '../api/mailbox'

import { Muted, RefreshablePanel } from './refreshable-panel'
import { theme } from '@/config/theme'

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const statusText: Record<string, string> = {
  pending: 'Pending',
  queued: 'Queued',
  waiting: 'Stuck: retrying',
  delivered: 'Sent',
  failed: 'Failed',
  refused: 'Could not be handed over',
  local: 'Local only',
}

const kindText: Record<string, string> = {
  confirm: 'Email confirmation',
  reset: 'Password reset',
  invite: 'Account setup',
}

const PROBLEM_STATUSES = new Set(['failed', 'refused', 'waiting'])

/** The Email tab: every e-mail the site sent or kept in its local mailbox, newest first. */
export function MailboxList() {
  const mailbox = useMailbox()

  return (
    <RefreshablePanel
      resource={mailbox}
      noun="emails"
      summary={() =>
        'E-mails the site sent. Without an SMTP server they are kept here ("Local only") so nothing is lost. Their links are for the recipient only, so the text is not shown.'
      }
    >
      {(messages) =>
        messages.length === 0 ? (
          <Muted>No emails yet.</Muted>
        ) : (
          <CardList>
            {messages.map((message) => (
              <Message key={message.id} message={message} />
            ))}
          </CardList>
        )
      }
    </RefreshablePanel>
  )
}

export function Message({ message }: { message: MailboxMessage }) {
  return (
    <Item>
      <details>
        <Summary>
          <Subject>{message.subject}</Subject>
          <CardMeta as="span">
            To {message.to} · {timeFormat.format(new Date(message.created_at))} ·{' '}
            <Status $failed={PROBLEM_STATUSES.has(message.status)}>{statusText[message.status] ?? message.status}</Status>
          </CardMeta>
        </Summary>
        <Body>
          <CardMeta as="span">
            {message.kind ? `${kindText[message.kind] ?? message.kind} · ` : ''}
            Attempts: {message.attempts}
            {message.sent_at ? ` · Sent ${timeFormat.format(new Date(message.sent_at))}` : ''}
            {message.stored_at ? ` · Not sent — stored locally ${timeFormat.format(new Date(message.stored_at))}` : ''}
            {message.retry_at ? ` · Next try ${timeFormat.format(new Date(message.retry_at))}` : ''}
          </CardMeta>
          {message.last_error ? <CardError>Last error: {message.last_error}</CardError> : null}
        </Body>
      </details>
    </Item>
  )
}

const Item = styled.li`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
`

const Summary = styled.summary`
  display: grid;
  gap: ${theme.space[1]};
  padding: ${theme.space[4]};
  cursor: pointer;
`

const Subject = styled.span`
  font-weight: ${theme.fontWeights.semibold};
  overflow-wrap: anywhere;
`

const Status = styled.span<{ $failed: boolean }>`
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ theme, $failed }) => ($failed ? theme.colors.danger : theme.colors.text)};
`

const Body = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  padding: 0 ${theme.space[4]} ${theme.space[4]};
`
