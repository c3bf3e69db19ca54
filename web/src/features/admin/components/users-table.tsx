import type { AdminUser, UserPage } from '@hearing/contracts'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import type { KeyedMutator } from 'swr'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ResponsiveTable } from '@/components/ui/responsive-table'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { paths } from '@/config/paths'
import type { Role, User } from '@/types/user'

import { updateUserRole } from '../api/users'

import { AccountEmailActions } from './account-email-actions'
import { PatientDataActions } from './patient-data-actions'
import { RoleBadge } from './role-badge'
import { RoleControl } from './role-control'
import { theme } from '@/config/theme'

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' })

interface UsersTableProps {
  /** The page of users shown (users-search.tsx), and how to change it after a role change. */
  users: AdminUser[]
  mutate: KeyedMutator<UserPage>
  /** Admins change roles; staff only look. */
  canEditRoles: boolean
  /** The signed-in user's id: their own role is not changed from here (no locking oneself out). */
  currentUserId: string
}

/** The last role change made here, so the toast and the row can undo it. */
interface LastChange {
  userId: string
  from: Role
}

const nameOf = (user: User) => user.full_name?.trim() || 'No name'
const nameForStaff = (user: User) => user.full_name?.trim() || user.email

/** The Users tab's table (SPEC §2 "Admin dashboard"): columns user, role, created, actions; each name opens the patient's page. */
export function UsersTable({ users, mutate, canEditRoles, currentUserId }: UsersTableProps) {
  const [saving, setSaving] = useState<string | null>(null)
  const [lastChange, setLastChange] = useState<LastChange | null>(null)

  const changeRole = async (user: User, role: Role, undoing = false) => {
    if (role === user.role) return
    setSaving(user.id)
    try {
      const updated = await updateUserRole(user.id, role)
      await mutate((page) => page && { ...page, users: page.users.map((u) => (u.id === user.id ? { ...u, ...updated } : u)) }, { revalidate: true })
      setLastChange(undoing ? null : { userId: user.id, from: user.role })
      notify.success(
        'Success',
        <>
          User role updated successfully
          <br />
          {nameForStaff(user)} is now {role}.{' '}
          {undoing ? null : (
            <UndoInToast onClick={() => void changeRole(updated, user.role, true)}>
              Undo<VisuallyHidden> role change for {nameForStaff(user)}</VisuallyHidden>
            </UndoInToast>
          )}
        </>,
      )
    } catch (err) {
      const reason = err instanceof ApiError && err.status === 409 ? err.message : undefined
      notify.error(
        'Error',
        reason ? (
          <>
            Failed to update user role
            <br />
            {reason}
          </>
        ) : (
          'Failed to update user role'
        ),
      )
    } finally {
      setSaving(null)
    }
  }

  return (
    <ResponsiveTable>
      <VisuallyHidden as="caption">Users and their roles</VisuallyHidden>
      <thead>
        <tr>
          <th scope="col">User</th>
          <th scope="col">Role</th>
          <th scope="col">Created</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const self = user.id === currentUserId
          return (
            <tr key={user.id}>
              <td data-label="User">
                <Name>
                  <Link to={paths.adminPatient.getHref(user.id)}>
                    {nameOf(user)}
                    {user.full_name?.trim() ? null : <VisuallyHidden> ({user.email})</VisuallyHidden>}
                  </Link>
                  {self ? <You> (you)</You> : null}
                </Name>
                <Detail>{user.email}</Detail>
                <Detail>{user.phone?.trim() || 'No phone'}</Detail>
                {user.email_verified ? null : <Unconfirmed $tone="outline">Email not confirmed</Unconfirmed>}
                {user.deactivated_at ? <Unconfirmed $tone="destructive">Deactivated</Unconfirmed> : null}
              </td>
              <td data-label="Role">
                <RoleBadge role={user.role} />
              </td>
              <td data-label="Created">{dateFormat.format(new Date(user.created_at))}</td>
              <td data-label="Actions">
                <Actions>
                  {canEditRoles && !self ? (
                    <RoleControl
                      user={user}
                      name={nameForStaff(user)}
                      busy={saving === user.id}
                      undoTo={lastChange?.userId === user.id ? lastChange.from : null}
                      onChange={changeRole}
                    />
                  ) : null}
                  {/* Staff act on customers' accounts; staff and admin accounts are an admin's business. */}
                  {!self && (canEditRoles || user.role === 'customer') ? <AccountEmailActions user={user} name={nameForStaff(user)} /> : null}
                  {!self && user.role === 'customer' ? <PatientDataActions user={user} name={nameForStaff(user)} onErased={() => void mutate()} /> : null}
                  {/* Text rather than a disabled control: nothing here for this row. */}
                  {self ? <Detail>Your own account</Detail> : !canEditRoles && user.role !== 'customer' ? <Detail>No actions</Detail> : null}
                </Actions>
              </td>
            </tr>
          )
        })}
      </tbody>
    </ResponsiveTable>
  )
}

const Name = styled.div`
  font-weight: ${theme.fontWeights.semibold};
  overflow-wrap: anywhere;
`

const You = styled.span`
  font-weight: ${theme.fontWeights.regular};
  color: ${theme.colors.textMuted};
`

const Detail = styled.div`
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`

const Unconfirmed = styled(Badge)`
  justify-self: start;
  margin-top: ${theme.space[2]};
  white-space: normal;
`

const Actions = styled.div`
  display: grid;
  gap: ${theme.space[2]};
  justify-items: start;
`

const UndoInToast = styled(Button).attrs({ $variant: 'secondary' })`
  min-height: 40px;
  padding: ${theme.space[1]} ${theme.space[3]};
`
