import { useState } from 'react'
import styled from 'styled-components'

import { Button, ButtonLink } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { paths } from '@/config/paths'
import { datedFilename, downloadJson } from '@/lib/download'
import { notify } from '@/lib/notify'
import { t } from '@/i18n/patient'

import { getMyData, requestAccountDeletion } from '../api/personal-data'

import { KeptRecords } from './kept-records'
import { theme } from '@/config/theme'

/**
 * "Your data" on /profile: download everything the practice holds about you, read it on
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
      notify.error(t('data.downloadFailed'), err instanceof Error ? err.message : t('data.tryAgain'))
    } finally {
      setDownloading(false)
    }
  }

  const askForLink = async () => {
    try {
      const { sent_to } = await requestAccountDeletion()
      setSentTo(sent_to)
      notify.success(t('data.check.title'), t('data.check.text', { email: sent_to }))
    } catch (err) {
      notify.error(t('data.notSent'), err instanceof Error ? err.message : t('data.tryAgain'))
    }
  }

  return (
    <Section aria-labelledby="my-data-heading">
      <h2 id="my-data-heading">{t('data.heading')}</h2>
      <p>{t('data.intro')}</p>
      <Actions>
        <ButtonLink to={paths.myData.getHref()} $variant="secondary">
          {t('data.see')}
        </ButtonLink>
        <Button $variant="secondary" aria-busy={downloading || undefined} onClick={() => void download()}>
          {downloading ? t('data.preparing') : t('data.download')}
        </Button>
        {canDelete ? (
          <Button $variant="secondary" onClick={() => setConfirming(true)}>
            {t('data.delete')}
          </Button>
        ) : null}
      </Actions>
      {sentTo ? (
        <Notice role="status">
          {t('data.sentTo', { email: sentTo })}
        </Notice>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('data.dialog.title')}
        description={
          <>
            <p>{t('data.dialog.erased')}</p>
            <p>{t('data.kept')}</p>
            <KeptRecords />
            <p>{t('data.dialog.emailed')}</p>
          </>
        }
        keepLabel={t('data.dialog.keep')}
        confirmLabel={t('data.dialog.confirm')}
        onConfirm={() => void askForLink()}
      />
    </Section>
  )
}

const Section = styled.section`
  margin-top: ${theme.space[7]};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
`

const Notice = styled.p`
  margin-top: ${theme.space[4]};
  padding: ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  overflow-wrap: anywhere;
`
