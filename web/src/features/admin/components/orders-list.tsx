import { ORDER_NOTE_MAX, ORDER_STATUSES, type OrderFilters, type OrderStatus, type StaffOrderRequestView } from '@hearing/contracts'
import { useId, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { CardItem, CardList, CardMeta, CardRow, WrittenText } from '@/components/ui/card-list'
import { Field, FieldError, Hint, Label, Select, TextArea } from '@/components/ui/form-controls'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { saveCsv } from '@/lib/download'
import { notify } from '@/lib/notify'

import { addOrderNote, exportOrders, updateOrderStatus, useOrders } from '../api/orders'

import { DayRangeFields, FilterButtons, FilterForm, submittedFilters } from './filter-form'
import { useLinkedItem } from './linked-item'
import { LanguageNote } from './patient-language'
import { Muted, RefreshablePanel } from './refreshable-panel'
import { theme } from '@/config/theme'

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const statusLabel: Record<OrderStatus, string> = { new: 'New', contacted: 'Contacted', fitted: 'Fitted', cancelled: 'Cancelled' }
const errorText = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback)

/**
 * The Orders tab: order requests newest first, filtered by status and days; staff move each through
 * new → contacted → fitted (or cancelled), keep internal notes on it, and export what the filters
 * match as CSV (the export is recorded in the audit trail).
 */
export function OrdersList({ clinics }: { clinics?: ReadonlyArray<{ uid: string; name: string }> }) {
  const [filters, setFilters] = useState<OrderFilters>({})
  const orders = useOrders(filters)
  const clinicName = (uid: string) => clinics?.find((l) => l.uid === uid)?.name ?? uid

  const apply = (event: FormEvent<HTMLFormElement>) => {
    const text = submittedFilters(event)
    setFilters({ status: text('status') as OrderStatus | undefined, from: text('from'), to: text('to') })
  }

  const download = async () => {
    try {
      saveCsv(await exportOrders(filters), 'order-requests')
    } catch (error) {
      notify.error('Error', errorText(error, 'Failed to export the order requests'))
    }
  }

  return (
    <>
      <FilterForm onSubmit={apply} aria-label="Filter order requests">
        <Field>
          <Label htmlFor="orders-status">Status</Label>
          <Select id="orders-status" name="status" defaultValue="">
            <option value="">Any status</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel[s]}
              </option>
            ))}
          </Select>
        </Field>
        <DayRangeFields idPrefix="orders" />
        <FilterButtons exportCsv={download} />
      </FilterForm>
      <RefreshablePanel resource={orders} noun="orders" summary={(list) => `${list.length} order request${list.length === 1 ? '' : 's'}, newest first.`}>
        {(list) =>
          list.length === 0 ? (
            <Muted>No order requests match.</Muted>
          ) : (
            <CardList $gap={4}>
              {list.map((order) => (
                <Order key={order.id} order={order} clinic={clinicName(order.location_uid)} onChanged={() => void orders.mutate()} />
              ))}
            </CardList>
          )
        }
      </RefreshablePanel>
    </>
  )
}

export function Order({ order, clinic, onChanged }: { order: StaffOrderRequestView; clinic: string; onChanged: () => void }) {
  const [busy, setBusy] = useState(false)
  const [chosen, setChosen] = useState<OrderStatus>(order.status)
  const select = useRef<HTMLSelectElement>(null)
  const selectId = `order-status-${order.id}`
  const name = `${order.first_name} ${order.last_name}`
  const { ref, focusProps } = useLinkedItem<HTMLLIElement>({ order: order.id })
  // The list's answer (a refresh) wins over a choice not yet saved.
  const [shown, setShown] = useState(order.status)
  if (shown !== order.status) {
    setShown(order.status)
    setChosen(order.status)
  }

  // The select only chooses (an arrow key changes nothing); "Update status" saves and e-mails the customer.
  const save = async () => {
    if (busy || chosen === order.status) return
    setBusy(true)
    try {
      const { emailed } = await updateOrderStatus(order.id, chosen)
      onChanged()
      notify.success('Order updated', `${name}'s order request is now ${statusLabel[chosen]}.${emailed ? ` ${order.first_name} was e-mailed about it.` : ''}`)
      select.current?.focus()
    } catch (error) {
      notify.error('Error', errorText(error, 'Failed to update the order status'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Item data-testid="order-request" ref={ref} {...focusProps}>
      <CardRow>
        <Name>{name}</Name>
        <span>{timeFormat.format(new Date(order.created_at))}</span>
      </CardRow>
      <Muted>
        {order.email} · {order.phone} · {clinic}
        <LanguageNote language={order.language} />
      </Muted>
      <ul>
        {order.items.map((item) => (
          <li key={item.id}>
            {item.quantity} × {item.title} ({item.unit_price} each)
          </li>
        ))}
      </ul>
      <CardRow>
        <strong>Total {order.total}</strong>
        <StatusControls>
          <Label htmlFor={selectId}>Status</Label>
          <StatusSelect id={selectId} ref={select} value={chosen} aria-busy={busy || undefined} onChange={(e) => setChosen(e.target.value as OrderStatus)}>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel[s]}
              </option>
            ))}
          </StatusSelect>
          <Button $variant="secondary" disabled={chosen === order.status} onClick={() => void save()}>
            {busy ? 'Updating...' : 'Update status'}
            <VisuallyHidden> for {name}</VisuallyHidden>
          </Button>
        </StatusControls>
      </CardRow>
      <Link to={`/admin?tab=inbox&order=${encodeURIComponent(order.id)}`}>
        Open the message in the Inbox<VisuallyHidden> ({name}'s order request)</VisuallyHidden>
      </Link>
      <OrderNotes order={order} name={name} onChanged={onChanged} />
    </Item>
  )
}

/** Staff's internal notes on the order (the customer never sees them), oldest first, and a form to add one. */
function OrderNotes({ order, name, onChanged }: { order: StaffOrderRequestView; name: string; onChanged: () => void }) {
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const area = useRef<HTMLTextAreaElement>(null)
  const ids = useId()
  const fieldId = `${ids}-note`

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!text.trim()) {
      setProblem('Write the note first.')
      area.current?.focus()
      return
    }
    setBusy(true)
    try {
      await addOrderNote(order.id, text)
      setText('')
      setProblem(null)
      onChanged()
      notify.success('Note added', `Your note is on ${name}'s order request.`)
    } catch (error) {
      setProblem(errorText(error, 'Failed to add the note'))
    } finally {
      setBusy(false)
      area.current?.focus()
    }
  }

  return (
    <Notes aria-labelledby={`${ids}-title`}>
      <NotesTitle id={`${ids}-title`}>
        Staff notes<VisuallyHidden> on {name}'s order request</VisuallyHidden>
      </NotesTitle>
      {order.notes.length === 0 ? (
        <Muted>No notes yet.</Muted>
      ) : (
        <NoteList>
          {order.notes.map((note) => (
            <li key={note.id} data-testid="order-note">
              <CardMeta>
                {note.author_name} · <time dateTime={note.created_at}>{timeFormat.format(new Date(note.created_at))}</time>
              </CardMeta>
              <WrittenText>{note.text}</WrittenText>
            </li>
          ))}
        </NoteList>
      )}
      <NoteForm onSubmit={(e) => void submit(e)} noValidate>
        <Label htmlFor={fieldId}>
          Add a note<VisuallyHidden> to {name}'s order request</VisuallyHidden>
        </Label>
        <TextArea
          id={fieldId}
          ref={area}
          rows={2}
          maxLength={ORDER_NOTE_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${ids}-hint${problem ? ` ${ids}-error` : ''}`}
        />
        <Hint id={`${ids}-hint`}>Only staff see notes (up to 2,000 characters).</Hint>
        {problem ? (
          <FieldError id={`${ids}-error`} role="alert">
            {problem}
          </FieldError>
        ) : null}
        <Button type="submit" $variant="secondary" disabled={busy}>
          {busy ? 'Adding...' : 'Add note'}
          <VisuallyHidden> to {name}'s order request</VisuallyHidden>
        </Button>
      </NoteForm>
    </Notes>
  )
}

const Item = styled(CardItem)`
  ul {
    margin: 0;
  }
`

const Name = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  overflow-wrap: anywhere;
`

const StatusControls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`

const StatusSelect = styled(Select)`
  width: auto;
  min-width: 9rem;
`

const Notes = styled.section`
  display: grid;
  gap: ${theme.space[2]};
  padding-top: ${theme.space[3]};
  border-top: 1px solid ${theme.colors.border};
`

const NotesTitle = styled.h4`
  margin: 0;
  font-size: ${theme.fontSizes.base};
`

const NoteList = styled.ul`
  display: grid;
  gap: ${theme.space[2]};
  padding: 0;
  list-style: none;
`

const NoteForm = styled.form`
  display: grid;
  gap: ${theme.space[2]};
  justify-items: start;

  textarea {
    width: 100%;
  }
`
