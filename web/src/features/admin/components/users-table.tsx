import { useState } from 'react'
import styled from 'styled-components'

import { Select } from '@/components/ui/form-controls'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { ROLES, type Role, type User } from '@/types/user'

import { updateUserRole, useUsers } from '../api/users'

import { RefreshablePanel } from './refreshable-panel'
import { RoleBadge } from './role-badge'

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' })

interface UsersTableProps {
  /** Admins change roles; staff only look. */
  canEditRoles: boolean
  /** The signed-in user's id: their own role is not changed from here (no locking oneself out). */
  currentUserId: string
}

/** The Users tab (SPEC §2 "Admin dashboard"): columns user, role, created, actions. */
export function UsersTable({ canEditRoles, currentUserId }: UsersTableProps) {
  const list = useUsers(true)
  const [saving, setSaving] = useState<string | null>(null)

  const changeRole = async (user: User, role: Role) => {
    if (role === user.role) return
    setSaving(user.id)
    try {
      const updated = await updateUserRole(user.id, role)
      await list.mutate((users) => users?.map((u) => (u.id === user.id ? { ...u, ...updated } : u)), { revalidate: true })
      notify.success('Success', 'User role updated successfully')
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
    <RefreshablePanel
      resource={list}
      noun="users"
      summary={(users) => (
        <>
          {users.length === 1 ? '1 user' : `${users.length} users`}
          {canEditRoles ? '' : '. Only administrators can change roles.'}
        </>
      )}
    >
      {(users) => (
        <Table>
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
              const name = user.full_name?.trim() || 'No name'
              const self = user.id === currentUserId
              return (
                <tr key={user.id}>
                  <td data-label="User">
                    <Name>
                      {name}
                      {self ? <You> (you)</You> : null}
                    </Name>
                    <Detail>{user.email}</Detail>
                    <Detail>{user.phone?.trim() || 'No phone'}</Detail>
                  </td>
                  <td data-label="Role">
                    <RoleBadge role={user.role} />
                  </td>
                  <td data-label="Created">{dateFormat.format(new Date(user.created_at))}</td>
                  <td data-label="Actions">
                    <RoleSelect
                      aria-label={`Role for ${name === 'No name' ? user.email : name}`}
                      value={user.role}
                      disabled={!canEditRoles || self || saving === user.id}
                      aria-busy={saving === user.id || undefined}
                      title={self ? 'You cannot change your own role' : undefined}
                      onChange={(e) => void changeRole(user, e.target.value as Role)}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </RoleSelect>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </Table>
      )}
    </RefreshablePanel>
  )
}

/**
 * A real table from desktop width; on narrower screens each row becomes a card with the column
 * names as labels (the table semantics stay for assistive technology).
 */
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;

  th,
  td {
    padding: ${({ theme }) => theme.space[3]};
    text-align: left;
    vertical-align: top;
  }

  thead th {
    border-bottom: 2px solid ${({ theme }) => theme.colors.borderStrong};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }

  tbody tr {
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.tablet - 0.02}px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }

    tbody {
      display: grid;
      gap: ${({ theme }) => theme.space[4]};
    }

    tbody tr {
      display: grid;
      gap: ${({ theme }) => theme.space[2]};
      padding: ${({ theme }) => theme.space[4]};
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.lg};
      box-shadow: ${({ theme }) => theme.shadows.card};
    }

    td {
      display: grid;
      grid-template-columns: 6.5rem minmax(0, 1fr);
      gap: ${({ theme }) => theme.space[3]};
      padding: 0;
    }

    td::before {
      content: attr(data-label);
      font-weight: ${({ theme }) => theme.fontWeights.bold};
      color: ${({ theme }) => theme.colors.textMuted};
    }

    td > * {
      grid-column: 2;
    }
  }
`

const Name = styled.div`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  overflow-wrap: anywhere;
`

const You = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.regular};
  color: ${({ theme }) => theme.colors.textMuted};
`

const Detail = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`

const RoleSelect = styled(Select)`
  min-width: 10rem;
  text-transform: capitalize;
`
