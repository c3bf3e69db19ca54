import type { StaffMember } from '@hearing/contracts'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { CardMeta, WrittenText } from '@/components/ui/card-list'
import { FieldError, Hint, Label, Select, TextArea } from '@/components/ui/form-controls'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { notify } from '@/lib/notify'

import { assignMessage, replyToMessage, type InboxMessage } from '../api/inbox'
import { theme } from '@/config/theme'

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const errorText = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback)

/** Where a reply's e-mail is, in the words of the Email tab. */
const replyEmailText: Record<string, string> = {
  pending: 'E-mail queued',
  queued: 'E-mail queued',
  waiting: 'E-mail stuck: retrying',
  delivered: 'E-mail sent',
  local: 'Not sent — stored locally',
  failed: 'E-mail failed',
  refused: 'E-mail could not be handed over',
}

/** REPLY_MAX of messaging-sync's reply route. */
const REPLY_MAX = 5000

interface ActionProps {
  message: InboxMessage
  /** The sender's name, for accessible names ("… message from Mary Major"). */
  name: string
  onChanged: () => void
}

/**
 * Who looks after the message. The select only chooses (an arrow key changes nothing); "Assign"
 * saves, "Assign to me" takes it in one step; focus stays on the select either way.
 */
export function AssignControl({ message, name, staff, currentUserId, onChanged }: ActionProps & { staff: StaffMember[] | undefined; currentUserId: string }) {
  const current = message.assignee?.id ?? ''
  const [chosen, setChosen] = useState(current)
  const [busy, setBusy] = useState(false)
  const select = useRef<HTMLSelectElement>(null)
  const selectId = `assign-${message.id}`
  // The list's answer (a refresh, a colleague's change) wins over a choice not yet saved.
  const [shown, setShown] = useState(current)
  if (shown !== current) {
    setShown(current)
    setChosen(current)
  }
  const people = staff ?? []
  const options = message.assignee && !people.some((p) => p.id === message.assignee!.id) ? [...people, { ...message.assignee, role: 'staff' as const }] : people
  const nameOf = (id: string) => (id === currentUserId ? 'you' : (options.find((p) => p.id === id)?.name ?? 'a colleague'))

  const save = async (staffId: string) => {
    setBusy(true)
    try {
      await assignMessage(message.id, staffId || null)
      onChanged()
      notify.success('Message assigned', staffId ? `The message from ${name} is now with ${nameOf(staffId)}.` : `Nobody is assigned the message from ${name} now.`)
    } catch (error) {
      notify.error('Error', errorText(error, 'Failed to assign the message'))
    } finally {
      setBusy(false)
      select.current?.focus()
    }
  }

  return (
    <AssignRow>
      <CardMeta>
        Assigned to: <strong>{message.assignee ? (message.assignee.id === currentUserId ? `${message.assignee.name} (you)` : message.assignee.name) : 'Nobody'}</strong>
      </CardMeta>
      <Controls>
        <Label htmlFor={selectId}>
          Assign to<VisuallyHidden> (message from {name})</VisuallyHidden>
        </Label>
        <AssignSelect id={selectId} ref={select} value={chosen} aria-busy={busy || undefined} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Nobody</option>
          {options.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id === currentUserId ? `${p.name} (me)` : p.name}
            </option>
          ))}
        </AssignSelect>
        <Button $variant="secondary" disabled={busy || chosen === current} onClick={() => void save(chosen)}>
          Assign<VisuallyHidden> the message from {name}</VisuallyHidden>
        </Button>
        {current !== currentUserId ? (
          <Button $variant="secondary" disabled={busy} onClick={() => void save(currentUserId)}>
            Assign to me<VisuallyHidden> (message from {name})</VisuallyHidden>
          </Button>
        ) : null}
      </Controls>
    </AssignRow>
  )
}

/**
 * Staff's replies (the thread) and how to answer: a reply e-mailed from here (local provider), a
 * link into Podium when it is connected, or the phone when the person gave no e-mail address.
 */
export function ReplyArea({ message, name, onChanged }: ActionProps) {
  return (
    <>
      {message.replies.length > 0 ? (
        <Thread aria-label={`Replies to ${name}`}>
          {message.replies.map((reply) => (
            <li key={reply.id} data-testid="inbox-reply">
              <CardMeta>
                {reply.author_name} replied · <time dateTime={reply.created_at}>{timeFormat.format(new Date(reply.created_at))}</time> ·{' '}
                {reply.email_status ? (replyEmailText[reply.email_status] ?? reply.email_status) : 'E-mailed'}
              </CardMeta>
              <WrittenText>{reply.text}</WrittenText>
            </li>
          ))}
        </Thread>
      ) : null}
      {message.reply_by === 'email' && message.email ? (
        <ReplyForm message={message} email={message.email} name={name} onChanged={onChanged} />
      ) : message.reply_by === 'podium' && message.podium_url ? (
        <a href={message.podium_url} target="_blank" rel="noopener noreferrer">
          Open in Podium<VisuallyHidden> to answer {name} (opens in a new tab)</VisuallyHidden>
        </a>
      ) : (
        <CardMeta>No e-mail address was given: please call {message.phone_display} to answer.</CardMeta>
      )}
    </>
  )
}

function ReplyForm({ message, email, name, onChanged }: ActionProps & { email: string }) {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const area = useRef<HTMLTextAreaElement>(null)
  const ids = useId()
  useEffect(() => {
    if (open) area.current?.focus()
  }, [open])

  const close = () => {
    setOpen(false)
    setProblem(null)
    // The form is gone: focus goes back to the button that opened it.
    requestAnimationFrame(() => toggle.current?.focus())
  }

  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!text.trim()) {
      setProblem('Write the reply first.')
      area.current?.focus()
      return
    }
    setBusy(true)
    try {
      await replyToMessage(message.id, text)
      setText('')
      onChanged()
      notify.success('Reply sent', `Your reply is on its way to ${email}.`)
      close()
    } catch (error) {
      setProblem(errorText(error, 'Failed to send the reply'))
      area.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  return (
    <ReplyBox>
      <Button ref={toggle} $variant="secondary" aria-expanded={open} aria-controls={open ? `${ids}-form` : undefined} onClick={() => (open ? close() : setOpen(true))}>
        Reply by e-mail<VisuallyHidden> to {name}</VisuallyHidden>
      </Button>
      {open ? (
        <form id={`${ids}-form`} onSubmit={(e) => void send(e)} onKeyDown={(e) => e.key === 'Escape' && close()} noValidate>
          <Label htmlFor={`${ids}-text`}>Your reply to {name}</Label>
          <TextArea
            id={`${ids}-text`}
            ref={area}
            rows={5}
            maxLength={REPLY_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${ids}-hint${problem ? ` ${ids}-error` : ''}`}
          />
          <Hint id={`${ids}-hint`}>E-mailed to {email} from the practice, signed with your name. They are asked to call the clinic to answer.</Hint>
          {problem ? (
            <FieldError id={`${ids}-error`} role="alert">
              {problem}
            </FieldError>
          ) : null}
          <Controls>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send reply'}
            </Button>
            <Button type="button" $variant="secondary" onClick={close}>
              Cancel
            </Button>
          </Controls>
        </form>
      ) : null}
    </ReplyBox>
  )
}

const AssignRow = styled.div`
  display: grid;
  gap: ${theme.space[2]};
`

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`

const AssignSelect = styled(Select)`
  width: auto;
  min-width: 12rem;
  max-width: 100%;
`

const Thread = styled.ul`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0;
  padding: 0 0 0 ${theme.space[3]};
  list-style: none;
  border-left: 3px solid ${theme.colors.border};
`

const ReplyBox = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  justify-items: start;

  form {
    display: grid;
    gap: ${theme.space[2]};
    width: 100%;
  }
`
