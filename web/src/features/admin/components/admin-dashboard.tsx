import { useSearchParams } from 'react-router-dom'

import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/components/ui/radix-tabs'

import { ActivityPanel } from './activity-panel'
import { AppointmentsPanel } from './appointments-panel'
import { InboxList } from './inbox-list'
import { MailboxList } from './mailbox-list'
import { OrdersList } from './orders-list'
import { SettingsPanel } from './settings-panel'
import { UsersSearch } from './users-search'

type Tab = 'users' | 'appointments' | 'orders' | 'inbox' | 'email' | 'settings' | 'activity'

interface AdminDashboardProps {
  isAdmin: boolean
  currentUserId: string
  /** The clinics (uid, name), so order requests show the clinic's name. */
  clinics?: ReadonlyArray<{ uid: string; name: string }>
}

/**
 * The dashboard's tabs (SPEC §2): Users (default), Appointments (staff and admins schedule, confirm,
 * decline and cancel), Orders, Inbox (messages patients sent; staff
 * and admins), Email (admins: the site's outgoing mail) Settings (admins: the messaging provider and the contact sync) and Activity (admins: the audit trail). The open tab is kept in ?tab= so a reload or a shared link reopens it.
 */
export function AdminDashboard({ isAdmin, currentUserId, clinics }: AdminDashboardProps) {
  const [params, setParams] = useSearchParams()
  const tabs: Tab[] = isAdmin ? ['users', 'appointments', 'orders', 'inbox', 'email', 'settings', 'activity'] : ['users', 'appointments', 'orders', 'inbox']
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
        <TabsTrigger value="appointments">Appointments</TabsTrigger>
        <TabsTrigger value="orders">Orders</TabsTrigger>
        <TabsTrigger value="inbox">Inbox</TabsTrigger>
        {isAdmin ? <TabsTrigger value="email">Email</TabsTrigger> : null}
        {isAdmin ? <TabsTrigger value="settings">Settings</TabsTrigger> : null}
        {isAdmin ? <TabsTrigger value="activity">Activity</TabsTrigger> : null}
      </TabsList>
      <TabsContent value="users">
        <h2>User Management</h2>
        <UsersSearch canEditRoles={isAdmin} currentUserId={currentUserId} />
      </TabsContent>
      <TabsContent value="appointments">
        <h2>Appointment Management</h2>
        <AppointmentsPanel clinics={clinics} />
      </TabsContent>
      <TabsContent value="orders">
        <h2>Order Management</h2>
        <OrdersList clinics={clinics} />
      </TabsContent>
      <TabsContent value="inbox">
        <h2>Inbox</h2>
        <InboxList currentUserId={currentUserId} />
      </TabsContent>
      {isAdmin ? (
        <TabsContent value="email">
          <h2>Email</h2>
          <MailboxList />
        </TabsContent>
      ) : null}
      {isAdmin ? (
        <TabsContent value="settings">
          <h2>Settings</h2>
          <SettingsPanel />
        </TabsContent>
      ) : null}
      {isAdmin ? (
        <TabsContent value="activity">
          <h2>Activity</h2>
          <ActivityPanel />
        </TabsContent>
      ) : null}
    </TabsRoot>
  )
}
