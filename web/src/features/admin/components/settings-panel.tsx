import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import styled from 'styled-components'
import { useSWRConfig } from 'swr'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ErrorPanel } from '@/components/ui/error-panel'
import { notify } from '@/lib/notify'

import { connectPodium, startContactSync, useContactSync, useProviderStatus, type ContactSyncRun } from '../api/settings'
import { usersKey } from '../api/users'

import { Muted } from './refreshable-panel'
import { theme } from '@/config/theme'

const PROVIDER_NAMES = { local: 'Local Messaging', podium: 'Podium' } as const
const sinceFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * The Settings tab (admins): the messaging provider, its connection (Podium: OAuth, once), and the
 * contact sync card (SPEC §2): "Sync Existing Users" with live progress any admin sees, also after
 * a reload; on completion the user list refreshes and the spec's toasts appear.
 */
export function SettingsPanel() {
  const provider = useProviderStatus()
  usePodiumReturnToast()

  if (provider.error && !provider.data) {
    return (
      <ErrorPanel title="Failed to load settings" onRetry={() => void provider.mutate()} retrying={provider.isValidating}>
        <p>{provider.error.message}</p>
      </ErrorPanel>
    )
  }
  if (!provider.data) return <Muted role="status">Loading settings...</Muted>
  const name = PROVIDER_NAMES[provider.data.provider]

  return (
    <Cards>
      {provider.data.provider === 'podium' ? <PodiumConnection connected={provider.data.connected} since={provider.data.since} /> : null}
      <ContactSyncCard providerName={name} canSync={provider.data.connected} />
    </Cards>
  )
}

/** Podium sends the admin back to /admin?tab=settings&podium=connected|failed: say how it went, once. */
function usePodiumReturnToast() {
  const [params, setParams] = useSearchParams()
  const outcome = params.get('podium')
  useEffect(() => {
    if (!outcome) return
    if (outcome === 'connected') notify.success('Podium connected', 'Messages and contacts now go to Podium.')
    else notify.error('Podium connection failed', 'Podium did not confirm the connection. Please try again.')
    setParams(
      (p) => {
        p.delete('podium')
        return p
      },
      { replace: true },
    )
  }, [outcome, setParams])
}

function PodiumConnection({ connected, since }: { connected: boolean; since: string | null }) {
  const [busy, setBusy] = useState(false)
  const connect = async () => {
    setBusy(true)
    try {
      const { url } = await connectPodium()
      window.location.assign(url)
    } catch (error) {
      notify.error('Podium connection failed', error instanceof Error ? error.message : 'Please try again.')
      setBusy(false)
    }
  }
  return (
    <Card aria-labelledby="podium-connection-title">
      <h3 id="podium-connection-title">Podium Connection</h3>
      <Row>
        <Badge $tone={connected ? 'success' : 'destructive'}>{connected ? 'Connected' : 'Not connected'}</Badge>
        {connected && since ? <Muted>Since {sinceFormat.format(new Date(since))}</Muted> : null}
      </Row>
      <p>
        {connected
          ? 'Contact messages, booking requests and contacts are delivered to Podium. Connect again if Podium asks you to sign in anew.'
          : 'Until Podium is connected, messages and contacts wait here and are delivered once it is.'}
      </p>
      <Button onClick={() => void connect()} disabled={busy} $variant={connected ? 'secondary' : 'primary'}>
        {busy ? 'Connecting...' : connected ? 'Reconnect Podium' : 'Connect Podium'}
      </Button>
    </Card>
  )
}

function ContactSyncCard({ providerName, canSync }: { providerName: string; canSync: boolean }) {
  const { data, error, mutate } = useContactSync()
  const { mutate: mutateGlobal } = useSWRConfig()
  const [starting, setStarting] = useState(false)
  const run = data?.sync ?? null
  const running = run?.status === 'running'
  useCompletionToasts(run, () => mutateGlobal((key) => typeof key === 'string' && key.startsWith(usersKey)))

  const start = async () => {
    setStarting(true)
    try {
      const answer = await startContactSync()
      await mutate((current) => ({ sync: answer.sync, history: [answer.sync, ...(current?.history ?? []).filter((r) => r.id !== answer.sync.id)] }), { revalidate: false })
    } catch (err) {
      notify.error('Sync failed', err instanceof Error ? err.message : 'Please try again.')
    } finally {
      setStarting(false)
    }
  }

  return (
    <Card aria-labelledby="contact-sync-title">
      <h3 id="contact-sync-title">{providerName} Contact Sync</h3>
      <p>
        Creates a messaging contact for every confirmed account that has none yet, at the provider's pace. Accounts that never confirmed their
        e-mail, and those without a name, are skipped (the Users tab marks the unconfirmed ones); a profile without a location uses the first
        clinic. Nobody is added twice.
      </p>
      {error && !data ? <Muted role="alert">Could not load the sync progress: {error.message}</Muted> : null}
      {run ? <Progress run={run} /> : data ? <Muted>No sync has run yet.</Muted> : null}
      {data && data.history.length > 1 ? <History runs={data.history} /> : null}
      <Button onClick={() => void start()} disabled={starting || running || !canSync}>
        {running || starting ? 'Syncing...' : 'Sync Existing Users'}
      </Button>
      {!canSync ? <Muted>Connect Podium first.</Muted> : null}
    </Card>
  )
}

/** Why accounts were skipped, e.g. "Skipped: 2 never confirmed their email, 1 has no name." */
function skipReasons(run: ContactSyncRun): string {
  const reasons = [
    run.skipped_unconfirmed > 0 ? `${run.skipped_unconfirmed} never confirmed their email` : null,
    run.skipped_incomplete > 0 ? `${run.skipped_incomplete} ${run.skipped_incomplete === 1 ? 'has' : 'have'} no name` : null,
  ].filter(Boolean)
  return `Skipped: ${reasons.join(', ')}.`
}

function Progress({ run }: { run: ContactSyncRun }) {
  const done = run.synced + run.failed
  const heading = run.status === 'running' ? (run.listed ? 'Syncing' : 'Reading users') : run.status === 'completed' ? 'Last sync completed' : 'Last sync failed'
  return (
    <ProgressBox>
      <Muted>
        {heading}
        {run.finished_at ? ` ${sinceFormat.format(new Date(run.finished_at))}` : ''}
      </Muted>
      <progress aria-label="Contact sync progress" value={done} max={Math.max(run.total, 1)} />
      <Counts>
        <div>
          <dt>Total</dt>
          <dd>{run.total}</dd>
        </div>
        <div>
          <dt>Synced</dt>
          <dd>{run.synced}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{run.failed}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd>{run.skipped}</dd>
        </div>
      </Counts>
      {run.skipped > 0 ? <Muted>{skipReasons(run)}</Muted> : null}
      {run.error ? <ErrorText>{run.error}</ErrorText> : null}
    </ProgressBox>
  )
}

const runStatusText: Record<ContactSyncRun['status'], string> = { running: 'Running', completed: 'Completed', failed: 'Failed' }

/** The recent runs, newest first: a run with nothing to do never hides the last one that synced. */
function History({ runs }: { runs: ContactSyncRun[] }) {
  return (
    <HistoryBox aria-labelledby="contact-sync-history-title">
      <h4 id="contact-sync-history-title">Recent syncs</h4>
      <ol>
        {runs.map((run) => (
          <li key={run.id} data-testid="contact-sync-run">
            <time dateTime={run.started_at}>{sinceFormat.format(new Date(run.started_at))}</time> · {runStatusText[run.status]} · Total {run.total} · Synced {run.synced} ·
            Failed {run.failed} · Skipped {run.skipped}
          </li>
        ))}
      </ol>
    </HistoryBox>
  )
}

/**
 * The spec's toasts when a run this tab watched stops running: "All users synced" (nothing to do),
 * "Sync completed" with counts (destructive when none synced) or "Sync failed" with the reason;
 * then the user list refreshes: "Sync completed" / "User data has been refreshed."
 */
function useCompletionToasts(run: ContactSyncRun | null, refreshUsers: () => Promise<unknown>) {
  const watching = useRef<string | null>(null)
  useEffect(() => {
    if (!run) return
    if (run.status === 'running') {
      watching.current = run.id
      return
    }
    if (watching.current !== run.id) return
    watching.current = null
    if (run.status === 'failed') {
      notify.error('Sync failed', run.error ?? 'The sync stopped.')
      return
    }
    if (run.total === 0) {
      notify.success('All users synced', 'Every account already has a messaging contact.')
      return
    }
    const counts = `Synced ${run.synced} of ${run.total} users${run.failed ? `; ${run.failed} failed` : ''}.`
    if (run.synced === 0) notify.error('Sync completed', counts)
    else notify.success('Sync completed', counts)
    void refreshUsers().then(() => notify.success('Sync completed', 'User data has been refreshed.'))
  }, [run, refreshUsers])
}

const Cards = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  max-width: 48rem;
`

const Card = styled.section`
  display: grid;
  gap: ${theme.space[3]};
  justify-items: start;
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};

  h3,
  p {
    margin: 0;
  }
`

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
`

const ProgressBox = styled.div`
  display: grid;
  gap: ${theme.space[2]};
  width: 100%;

  progress {
    width: 100%;
    height: 1rem;
    accent-color: ${theme.colors.primary};
  }
`

const Counts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[5]};
  margin: 0;

  div {
    display: grid;
  }
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes.xl};
    font-weight: ${theme.fontWeights.semibold};
  }
`

const HistoryBox = styled.section`
  display: grid;
  gap: ${theme.space[2]};
  width: 100%;

  h4 {
    margin: 0;
    font-size: ${theme.fontSizes.base};
  }
  ol {
    display: grid;
    gap: ${theme.space[1]};
    margin: 0;
    padding-left: ${theme.space[5]};
  }
`

const ErrorText = styled.p`
  color: ${theme.colors.danger};
`
