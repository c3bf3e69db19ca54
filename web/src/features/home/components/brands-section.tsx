import styled from 'styled-components'

import { Button, ButtonLink } from '@/components/ui/button'
import { CardGrid } from '@/components/ui/card-grid'
import { ComingSoonBadge } from '@/components/ui/coming-soon-badge'
import { Container } from '@/components/ui/container'
import { Section, SectionHeader } from '@/components/ui/section'
import { paths } from '@/config/paths'
import { brands } from '@/content/brands'
import { media } from '@/content/media'
import { spanishCopy } from '@/i18n/i18n'
import { t } from '@/i18n/home'
import { theme } from '@/config/theme'

const brandAltsInPageLanguage = spanishCopy('brand-alts')
const brandsInPageLanguage = spanishCopy('brands')

/**
 * The four hearing-aid brands (SPEC §2 "Home" > Brands): each card links to its collection on the
 * catalogue (/products#{key}); a brand marked coming soon says so and its button is disabled.
 */
export function BrandsSection() {
  // The illustrations' alternative texts (src/content/media.ts) in Spanish on Spanish pages.
  const spanishAlts = brandAltsInPageLanguage<Partial<Record<string, string>>>({})
  return (
    <Section aria-labelledby="brands-heading">
      <SectionHeader>
        <h2 id="brands-heading">{t('home.br.h')}</h2>
        <p>{t('home.br.p')}</p>
      </SectionHeader>
      <Container>
        <CardGrid as="div" $tablet={2} $desktop={4}>
          {brandsInPageLanguage(brands).map((brand) => {
            const noteId = `brand-${brand.key}-note`
            const image = media.brands[brand.key]
            return (
              <Card key={brand.key} aria-labelledby={`brand-${brand.key}`} $muted={brand.comingSoon}>
                {image ? (
                  <Illustration
                    src={image.src}
                    alt={spanishAlts[brand.key] ?? image.alt}
                    width={image.width}
                    height={image.height}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <Wordmark id={`brand-${brand.key}`}>{brand.name}</Wordmark>
                {brand.comingSoon ? <ComingSoonBadge id={noteId} /> : null}
                <Tagline>{brand.tagline}</Tagline>
                {brand.comingSoon ? (
                  <Button $variant="secondary" disabled aria-describedby={noteId}>
                    {t('home.br.shop', { brand: brand.name })}
                  </Button>
                ) : (
                  <ButtonLink to={paths.products.getHref(brand.key)} $variant="secondary">
                    {t('home.br.shop', { brand: brand.name })}
                  </ButtonLink>
                )}
              </Card>
            )
          })}
        </CardGrid>
        <ShopAll>
          <ButtonLink to={paths.products.getHref()}>{t('home.br.all')}</ButtonLink>
        </ShopAll>
      </Container>
    </Section>
  )
}

const Card = styled.article<{ $muted: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space[3]};
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${({ $muted, theme }) => ($muted ? theme.colors.surface : theme.colors.background)};
  box-shadow: ${theme.shadows.card};

  > :last-child {
    margin-top: auto;
  }
`

const Illustration = styled.img`
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: contain;
  margin-bottom: ${theme.space[2]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primarySoft};

  ${theme.media.fromDesktop} {
    aspect-ratio: 4 / 3;
  }
`

const Wordmark = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes['2xl']};
  letter-spacing: 0.01em;
  color: ${theme.colors.primary};
`

const Tagline = styled.p`
  margin: 0 0 ${theme.space[3]};
  color: ${theme.colors.textMuted};
`

const ShopAll = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${theme.space[7]};
`

