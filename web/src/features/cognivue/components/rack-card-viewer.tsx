import { useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { Section } from '@/components/ui/section'
import type { Media } from '@/content/media'
import { t } from '@/i18n/cognivue'
import { notify } from '@/lib/notify'
import { theme } from '@/config/theme'

interface RackCardViewerProps {
  /** The PDF (SPEC §7: served at /files/Audiology_rack_card.pdf; saved as audiology_rack_card.pdf). */
  card: Media['rackCard']
}

/**
 * The rack card "Protect Your Hearing, Protect Your Mind" (SPEC §2 "/cognivue"): shown in the
 * browser's PDF viewer, with what the card says below for anyone who cannot use the viewer, and a
 * "Download PDF" button that fetches the file and saves it under its download name (SPEC §7:
 * fetched as a blob and saved).
 */
export function RackCardViewer({ card }: RackCardViewerProps) {
  const { src: url, downloadName } = card
  const [downloading, setDownloading] = useState(false)

  const download = async () => {
    setDownloading(true)
    try {
      const response = await fetch(url)
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const blob = await response.blob()
      const objectUrl = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = objectUrl
      link.download = downloadName
      document.body.append(link)
      link.click()
      link.remove()
      // Give the browser time to start the download before the blob goes away.
      window.setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000)
    } catch (error) {
      console.error('Rack card download failed:', error)
      notify.error(t('cog.card.failed'), t('cog.card.retry'))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <Section aria-labelledby="rack-card-heading">
      <Container>
        <Header>
          <h2 id="rack-card-heading">{card.title}</h2>
          <p>{t('cog.card.p')}</p>
          <Button onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                d="M12 4v11M7 10.5l5 5 5-5M5 20h14"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {downloading ? t('cog.card.downloading') : t('cog.card.download')}
          </Button>
        </Header>
        <Viewer src={`${url}#view=FitH&navpanes=0`} title={t('cog.card.viewer', { title: card.title })} loading="lazy" />
        <TextVersion>
          <summary>{t('cog.card.says')}</summary>
          <p>{card.summary}</p>
          <p>
            <a href={url} target="_blank" rel="noopener noreferrer">
              {t('cog.card.open')}
            </a>
          </p>
        </TextVersion>
      </Container>
    </Section>
  )
}

const Header = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  max-width: 48rem;
  margin: 0 auto ${theme.space[6]};
  text-align: center;

  p {
    font-size: ${theme.fontSizes.lg};
    color: ${theme.colors.textMuted};
  }
`

const Viewer = styled.iframe`
  display: block;
  width: 100%;
  max-width: 60rem;
  height: min(80vh, 56rem);
  margin-inline: auto;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
`

const TextVersion = styled.details`
  max-width: 60rem;
  margin: ${theme.space[5]} auto 0;
  padding: ${theme.space[4]} ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};

  summary {
    min-height: 44px;
    display: flex;
    align-items: center;
    font-weight: ${theme.fontWeights.semibold};
    color: ${theme.colors.primary};
    cursor: pointer;
  }

  p:last-child {
    margin-bottom: 0;
  }
`
