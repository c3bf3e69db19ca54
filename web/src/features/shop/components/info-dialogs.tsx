import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { legalDocuments, warranty as englishWarranty, whatsIncluded as englishWhatsIncluded } from '@/content/legal'
import { spanishCopy } from '@/i18n/i18n'
import { t } from '@/i18n/shop'
import { theme } from '@/config/theme'

const whatsIncludedInPageLanguage = spanishCopy('legal/whats-included')
const returnPolicyInPageLanguage = spanishCopy('legal/return-policy')
const warrantyInPageLanguage = spanishCopy('legal/warranty')

/** One info dialog: a button opening a titled, closable dialog (focus is trapped and restored by Radix). */
function InfoDialog({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button $variant="secondary">{label}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Overlay />
        <Content aria-describedby={undefined}>
          <Dialog.Title>{title}</Dialog.Title>
          {children}
          <Dialog.Close asChild>
            <Button>{t('shop.dialog.close')}</Button>
          </Dialog.Close>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

const RETURN_SECTIONS = new Set(['return-period', 'how-to-return', 'what-to-bring', 'restocking-fee', 'refunds'])

/** The three dialogs of a product page (SPEC §2) with the §9 facts, from the site's legal texts. */
export function ProductInfoDialogs() {
  const returns = returnPolicyInPageLanguage(legalDocuments.returnPolicy).sections.filter((s) => RETURN_SECTIONS.has(s.id))
  const whatsIncluded = whatsIncludedInPageLanguage(englishWhatsIncluded)
  const warranty = warrantyInPageLanguage(englishWarranty)
  return (
    <Row>
      <InfoDialog label={t('shop.dialog.whatsIncluded')} title={whatsIncluded.title}>
        <ul>
          {whatsIncluded.items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
        <p>{whatsIncluded.followUpCare}</p>
      </InfoDialog>
      <InfoDialog label={t('shop.dialog.returnPolicy')} title={t('shop.dialog.returnPolicy')}>
        {returns.map((section) => (
          <section key={section.id}>
            <h3>{section.heading}</h3>
            {section.blocks.map((block, i) =>
              typeof block === 'string' ? (
                <p key={i}>{block}</p>
              ) : 'list' in block ? (
                <ul key={i}>
                  {block.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null,
            )}
          </section>
        ))}
      </InfoDialog>
      <InfoDialog label={t('shop.dialog.warranty')} title={warranty.title}>
        <p>{warranty.summary}</p>
        <ul>
          {warranty.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </InfoDialog>
    </Row>
  )
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
`
export const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.dialog};
  background: rgba(10, 25, 31, 0.6);
`
const Content = styled(Dialog.Content)`
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: ${theme.zIndices.dialog};
  display: grid;
  gap: ${theme.space[3]};
  justify-items: start;
  width: min(40rem, calc(100vw - 2rem));
  max-height: calc(100dvh - 2rem);
  overflow-y: auto;
  padding: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.raised};
  transform: translate(-50%, -50%);
  h2 {
    margin: 0;
  }
  h3 {
    margin: ${theme.space[2]} 0 0;
    font-size: ${theme.fontSizes.lg};
  }
  p,
  ul {
    margin: 0;
  }
`
