import { useState } from 'react'
import styled from 'styled-components'

import { Button, ButtonLink } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { paths } from '@/config/paths'
import { datedFilename, downloadJson } from '@/lib/download'
import { notify } from '@/lib/notify'

import { getMyData, requestAccountDeletion } from '../api/personal-data'

import { KeptRecords } from './kept-records'

/**
 * "Your data" on /profile (issue 23): download everything the practice holds about you, read it on
 * a page, or delete the account (confirmed through a link e-mailed to you). Staff and admin
 * accounts are not deleted here (an admin makes them customers first).
 */
export function MyDataSection({ canDelete }: { canDelete: boolean }) {
  const [downloading, setDownloading] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  // Buttons stay enabled (a disabled one would drop keyboard focus); a second press while busy does nothing.
  const download = async () => {
    if (downloading) return
    setDownloading(true)
    try {
      downloadJson(datedFilename('my-data'), await getMyData())
    } catch (err) {
      notify.error('Download failed', err instanceof Error ? err.message : 'Please try again.')
    } finally {
      setDownloading(false)
    }
  }

  const askForLink = async () => {
    try {
      const { sent_to } = await requestAccountDeletion()
      setSentTo(sent_to)
      notify.success('Check your email', `We sent a link to ${sent_to} to confirm the deletion.`)
    } catch (err) {
      notify.error('Email not sent', err instanceof Error ? err.message : 'Please try again.')
    }
  }

  return (
    <Section aria-labelledby="my-data-heading">
      <h2 id="my-data-heading">Your Data</h2>
      <p>See everything we hold about you (your profile, appointments, messages, order requests, the e-mails we sent you and your consent choices), or download it as one file.</p>
      <Actions>
        <ButtonLink to={paths.myData.getHref()} $variant="secondary">
          See my data
        </ButtonLink>
        <Button $variant="secondary" aria-busy={downloading || undefined} onClick={() => void download()}>
          {downloading ? 'Preparing...' : 'Download my data'}
        </Button>
        {canDelete ? (
          <Button $variant="secondary" onClick={() => setConfirming(true)}>
            Delete my account
          </Button>
        ) : null}
      </Actions>
      {sentTo ? (
        <Notice role="status">
          We sent a link to <strong>{sentTo}</strong>. Open it within 24 hours to delete your account; until then nothing changes.
        </Notice>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        description={
          <>
            <p>Your account and the personal data we hold about you are erased everywhere: your profile, appointment requests, messages, order requests and the e-mails we sent you. You can sign up again later with the same e-mail address.</p>
            <p>The practice must keep some records, without your name or contact details:</p>
            <KeptRecords />
            <p>We will e-mail you a link to confirm.</p>
          </>
        }
        keepLabel="Keep my account"
        confirmLabel="Email me the link"
        onConfirm={() => void askForLink()}
      />
    </Section>
  )
}

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[7]};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`

const Notice = styled.p`
  margin-top: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  overflow-wrap: anywhere;
`
