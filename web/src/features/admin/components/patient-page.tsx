import type { AdminUser } from '@hearing/contracts'
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import styled from 'styled-components'

import { Badge } from '@/components/ui/badge'
import { CardList } from '@/components/ui/card-list'
import { ErrorPanel } from '@/components/ui/error-panel'
import { paths } from '@/config/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

import { useInboxStaff } from '../api/inbox'
import { useAdminUser, usePatientAppointments, usePatientEmails, usePatientMessages, usePatientOrders, usePatientTexts } from '../api/patients'

import { AccountEmailActions } from './account-email-actions'
import { AccountStatusControl } from './account-status-control'
import { AppointmentItem } from './appointments-panel'
import { Message as InboxItem } from './inbox-list'
import { Message as EmailItem } from './mailbox-list'
import { Order } from './orders-list'
import { PatientDataActions } from './patient-data-actions'
import { PatientContactDetails } from './patient-contact-details'
import { Muted, RefreshablePanel } from './refreshable-panel'
import { RoleBadge } from './role-badge'
import { theme } from '@/config/theme'

interface PatientPageProps {
  id: string
  isAdmin: boolean
  currentUserId: string
  clinics?: ReadonlyArray<{ uid: string; name: string }>
}

const nameForStaff = (user: AdminUser) => user.full_name?.trim() || user.email

/**
 * A patient's page: contact details (staff correct them), the account (e-mails on their
 * behalf, deactivation), and their appointments, order requests, messages and the e-mails sent to
 * them, matched by account and by address (bookings and orders may be made signed out). Every read
 * is audited by the service that answers it.
 */
export function PatientPage({ id, isAdmin, currentUserId, clinics }: PatientPageProps) {
  const navigate = useNavigate()
  const account = useAdminUser(id)
  const user = account.data
  useDocumentTitle(user ? `${nameForStaff(user)} · Patient` : 'Patient')
  const clinicName = (uid: string) => clinics?.find((c) => c.uid === uid)?.name ?? uid

  const back = <BackLink to={paths.admin.getHref()}>Back to Users</BackLink>
  if (account.error && !user) {
    return (
      <>
        {back}
        <h1>Patient</h1>
        <ErrorPanel title={account.error.status === 404 ? 'Patient not found' : 'Failed to load the patient'} onRetry={account.error.status === 404 ? undefined : () => void account.mutate()}>
          <p>{account.error.message}</p>
        </ErrorPanel>
      </>
    )
  }
  if (!user) return <Muted role="status">Loading the patient...</Muted>

  const name = nameForStaff(user)
  const self = user.id === currentUserId
  // Staff act on customers' accounts; staff and admin accounts are an admin's business.
  const inReach = isAdmin || user.role === 'customer'
  const saved = (changed: AdminUser) => void account.mutate(changed, { revalidate: false })

  return (
    <>
      {back}
      <Header>
        <h1>{name}</h1>
        <Badges>
          <RoleBadge role={user.role} />
          {user.email_verified ? null : <Badge $tone="outline">Email not confirmed</Badge>}
          {user.deactivated_at ? <Badge $tone="destructive">Deactivated</Badge> : null}
        </Badges>
      </Header>

      <Section aria-labelledby="patient-contact">
        <h2 id="patient-contact">Contact details</h2>
        <PatientContactDetails user={user} canEdit={inReach} clinicName={clinicName} onSaved={saved} />
      </Section>

      <Section aria-labelledby="patient-account">
        <h2 id="patient-account">Account</h2>
        {self ? (
          <Muted>This is your own account.</Muted>
        ) : inReach ? (
          <Actions>
            <AccountEmailActions user={user} name={name} />
            <AccountStatusControl user={user} name={name} onChanged={saved} />
            {/* Download the patient's data, or delete the account on their behalf (customers only). */}
            {user.role === 'customer' ? <PatientDataActions user={user} name={name} onErased={() => navigate(paths.admin.getHref())} /> : null}
          </Actions>
        ) : (
          <Muted>Only administrators can act on staff and administrator accounts.</Muted>
        )}
      </Section>

      <Section aria-labelledby="patient-history">
        <h2 id="patient-history">History</h2>
        <PatientAppointments user={user} />
        <PatientOrders user={user} clinicName={clinicName} />
        <PatientMessages user={user} currentUserId={currentUserId} />
        <PatientEmails user={user} />
        <PatientTexts user={user} />
      </Section>
    </>
  )
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  )
}

const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}, newest first.`

function PatientAppointments({ user }: { user: AdminUser }) {
  const list = usePatientAppointments(user)
  return (
    <Part id="patient-appointments" title="Appointments">
      <RefreshablePanel resource={list} noun="appointments" summary={(items) => countOf(items.length, 'appointment', 'appointments')}>
        {(items) =>
          items.length === 0 ? (
            <Muted>No appointments.</Muted>
          ) : (
            <CardList>
              {items.map((a) => (
                <AppointmentItem key={a.id} appointment={a} onChanged={() => void list.mutate()} />
              ))}
            </CardList>
          )
        }
      </RefreshablePanel>
    </Part>
  )
}

function PatientOrders({ user, clinicName }: { user: AdminUser; clinicName: (uid: string) => string }) {
  const list = usePatientOrders(user)
  return (
    <Part id="patient-orders" title="Order requests">
      <RefreshablePanel resource={list} noun="order requests" summary={(items) => countOf(items.length, 'order request', 'order requests')}>
        {(items) =>
          items.length === 0 ? (
            <Muted>No order requests.</Muted>
          ) : (
            <CardList $gap={4}>
              {items.map((order) => (
                <Order key={order.id} order={order} clinic={clinicName(order.location_uid)} onChanged={() => void list.mutate()} />
              ))}
            </CardList>
          )
        }
      </RefreshablePanel>
    </Part>
  )
}

function PatientMessages({ user, currentUserId }: { user: AdminUser; currentUserId: string }) {
  const list = usePatientMessages(user)
  const staff = useInboxStaff()
  const appointments = usePatientAppointments(user)
  const appointmentOf = (appointmentId: string | null) => (appointmentId ? appointments.data?.find((a) => a.id === appointmentId) : undefined)
  return (
    <Part id="patient-messages" title="Messages">
      <RefreshablePanel resource={list} noun="messages" summary={(items) => countOf(items.length, 'message', 'messages')}>
        {(items) =>
          items.length === 0 ? (
            <Muted>No messages.</Muted>
          ) : (
            <CardList>
              {items.map((message) => (
                <InboxItem
                  key={message.id}
                  message={message}
                  appointment={appointmentOf(message.appointment_id)}
                  staff={staff.data}
                  currentUserId={currentUserId}
                  onChanged={() => void list.mutate()}
                />
              ))}
            </CardList>
          )
        }
      </RefreshablePanel>
    </Part>
  )
}

function PatientEmails({ user }: { user: AdminUser }) {
  return (
    <SentToPatient id="patient-emails" title="E-mails sent" list={usePatientEmails(user)} nouns={['e-mail', 'e-mails']} about="Their links are for the patient only, so the text is not shown." />
  )
}

/** Reminder texts to their phone: sent through the messaging provider, or kept here ("Local only") without one. */
function PatientTexts({ user }: { user: AdminUser }) {
  return (
    <SentToPatient
      id="patient-texts"
      title="Texts sent"
      list={usePatientTexts(user)}
      nouns={['text', 'texts']}
      about={'Reminder texts go through the messaging provider; without one they are kept here and never sent ("Local only"). Their links are for the patient only, so the text is not shown.'}
    />
  )
}

/** What went to the patient (e-mails or texts): when, and whether it was sent, never the words. */
function SentToPatient({ id, title, list, nouns: [one, many], about }: { id: string; title: string; list: ReturnType<typeof usePatientEmails>; nouns: [string, string]; about: string }) {
  return (
    <Part id={id} title={title}>
      <RefreshablePanel resource={list} noun={many} summary={(items) => `${countOf(items.length, one, many)} ${about}`}>
        {(items) =>
          items.length === 0 ? (
            <Muted>{`No ${many}.`}</Muted>
          ) : (
            <CardList>
              {items.map((message) => (
                <EmailItem key={message.id} message={message} />
              ))}
            </CardList>
          )
        }
      </RefreshablePanel>
    </Part>
  )
}

const BackLink = styled(Link)`
  display: inline-block;
  margin-bottom: ${theme.space[4]};
`

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};

  h1 {
    margin: 0;
    overflow-wrap: anywhere;
  }
`

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`

const Section = styled.section`
  margin-top: ${theme.space[6]};

  > section + section {
    margin-top: ${theme.space[5]};
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`
