import { useSearchParams } from 'react-router-dom'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { PageHero } from '@/components/ui/page-hero'
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/components/ui/radix-tabs'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import type { ResourcesTab } from '@/config/paths'
import { tabs } from '@/features/articles/api/articles'
import { ArticlesPanel } from '@/features/articles/components/articles-panel'
import { t } from '@/i18n/articles'
import { currentLocale } from '@/i18n/i18n'
import { theme } from '@/config/theme'

const TAB_KEYS = Object.keys(tabs) as ResourcesTab[]
const isTab = (value: string | null): value is ResourcesTab => TAB_KEYS.includes(value as ResourcesTab)

/** /resources (SPEC §2): tabs Resources and Clinical Studies, the open one kept in ?type= (default resources). */
export default function ResourcesPage() {
  const [params, setParams] = useSearchParams()
  const type = params.get('type')
  const active: ResourcesTab = isTab(type) ? type : 'resources'

  // Each tab is a history entry of its own, so Back returns to the previous tab rather than leaving the site.
  const select = (value: string) => {
    if (!isTab(value) || value === active) return
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.set('type', value)
        return next
      },
      { preventScrollReset: true },
    )
  }

  return (
    <>
      <PageHero title={t('articles.title')}>
        <p>{t('articles.lead')}</p>
        {/* The articles themselves (titles, excerpts, tags: marked lang="en") are not translated. */}
        {currentLocale() === 'es' ? <p>{t('articles.languageNote')}</p> : null}
      </PageHero>
      <Body>
        <TabsRoot value={active} onValueChange={select} activationMode="manual">
          <TabsList aria-label={t('articles.collections')}>
            {TAB_KEYS.map((key) => (
              <TabsTrigger key={key} value={key}>
                {t(`articles.tab.${key}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {TAB_KEYS.map((key) => (
            <TabsContent key={key} value={key}>
              <VisuallyHidden as="h2">{t(`articles.tab.${key}`)}</VisuallyHidden>
              <ArticlesPanel blog={tabs[key].blog} failure={t(`articles.failure.${key}`)} />
            </TabsContent>
          ))}
        </TabsRoot>
      </Body>
    </>
  )
}

const Body = styled(Container)`
  padding-block: ${theme.space[7]};
`
