import { useSearchParams } from 'react-router-dom'
import styled from 'styled-components'

import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/components/ui/radix-tabs'

import { MailboxList } from './mailbox-list'
import { UsersTable } from './users-table'

type Tab = 'users' | 'orders' | 'email'

interface AdminDashboardProps {
  isAdmin: boolean
  currentUserId: string
}

/**
 * The dashboard's tabs (SPEC §2): Users (default), Orders, and Email (admins: the site's outgoing
 * mail). The open tab is kept in ?tab= so a reload or a shared link reopens it.
 */
export function AdminDashboard({ isAdmin, currentUserId }: AdminDashboardProps) {
  const [params, setParams] = useSearchParams()
  const tabs: Tab[] = isAdmin ? ['users', 'orders', 'email'] : ['users', 'orders']
  const requested = params.get('tab') as Tab | null
  const tab: Tab = requested && tabs.includes(requested) ? requested : 'users'

  const select = (value: string) =>
    setParams(
      (p) => {
        if (value === 'users') p.delete('tab')
        else p.set('tab', value)
        return p
      },
      { replace: true },
    )

  return (
    <TabsRoot value={tab} onValueChange={select}>
      <TabsList aria-label="Dashboard sections">
        <TabsTrigger value="users">Users</TabsTrigger>
        <TabsTrigger value="orders">Orders</TabsTrigger>
        {isAdmin ? <TabsTrigger value="email">Email</TabsTrigger> : null}
      </TabsList>
      <TabsContent value="users">
        <h2>User Management</h2>
        <UsersTable canEditRoles={isAdmin} currentUserId={currentUserId} />
      </TabsContent>
      <TabsContent value="orders">
        <h2>Order Management</h2>
        <Placeholder>Order management functionality coming soon...</Placeholder>
      </TabsContent>
      {isAdmin ? (
        <TabsContent value="email">
          <h2>Email</h2>
          <MailboxList />
        </TabsContent>
      ) : null}
    </TabsRoot>
  )
}

const Placeholder = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`
