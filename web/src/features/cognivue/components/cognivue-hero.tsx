import { useHref } from 'react-router-dom'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { paths } from '@/config/paths'
import type { MediaImage } from '@/content/media'
import { t } from '@/i18n/cognivue'
import { trackEvent } from '@/lib/analytics'
import { theme } from '@/config/theme'

interface CognivueHeroProps {
  image: MediaImage
}

/**
 * Hero of the cognitive-health page (SPEC §2 "/cognivue"): heading, an introduction on lowering the
 * risk of memory loss and cognitive decline, and "Learn More", which opens the booking page in a new
 * tab and records the "book" event.
 */
export function CognivueHero({ image }: CognivueHeroProps) {
  // A plain link (it opens a new tab): useHref adds the router's basename, so /es pages open the Spanish booking page.
  const bookHref = useHref(paths.bookAppointment.getHref())
  return (
    <Hero aria-labelledby="cognivue-heading">
      <Columns>
        <div>
          <Eyebrow>{t('cog.eyebrow')}</Eyebrow>
          <h1 id="cognivue-heading">{t('cog.h1')}</h1>
          <Intro>{t('cog.intro')}</Intro>
          <LearnMore
            href={bookHref}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => trackEvent('book')}
          >
            {t('cog.learn')}
            <VisuallyHidden>{t('cog.learnNewTab')}</VisuallyHidden>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </LearnMore>
        </div>
        <Picture
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          fetchPriority="high"
          decoding="async"
        />
      </Columns>
    </Hero>
  )
}

const Hero = styled.section`
  padding-block: ${theme.space[8]};
  background: linear-gradient(135deg, ${theme.colors.primarySoft} 0%, #f7fbfb 100%);
`

const Columns = styled(Container)`
  display: grid;
  gap: ${theme.space[7]};
  align-items: center;

  ${theme.media.fromDesktop} {
    grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);

    h1 {
      font-size: ${theme.fontSizes['4xl']};
    }
  }
`

const Eyebrow = styled.p`
  margin-bottom: ${theme.space[2]};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${theme.colors.primary};
`

const Intro = styled.p`
  max-width: ${theme.layout.textWidth};
  margin-bottom: ${theme.space[6]};
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.textMuted};
`

const LearnMore = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: 52px;
  padding: ${theme.space[3]} ${theme.space[6]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;

  &:hover {
    background: ${theme.colors.primaryHover};
    color: ${theme.colors.onPrimary};
  }
`

const Picture = styled.img`
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};
  background: ${theme.colors.surface};
`
