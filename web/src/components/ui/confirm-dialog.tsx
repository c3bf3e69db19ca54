import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import styled from 'styled-components'

import { t } from '@/i18n/ui'

import { Button } from './button'
import { theme } from '@/config/theme'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** What will happen, in plain words (text, or paragraphs). */
  description: ReactNode
  /** The button that does it, e.g. "Cancel Appointment". */
  confirmLabel: string
  /** The button that backs out, e.g. "Keep Appointment" ("Cancel" when not given). */
  keepLabel?: string
  onConfirm: () => void
  /** Where focus goes once the dialog has closed, when not back to the button that opened it (one a re-render may have replaced). */
  onClosed?: () => void
}

/**
 * The site's own "are you sure?" (instead of the browser's confirm()): a modal dialog in the site's
 * look, with large buttons that say what they do. Focus starts on the safe choice (the first button), stays inside,
 * Escape backs out, and focus returns to the button that opened it (Radix Dialog).
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, keepLabel = t('ui.cancel'), onConfirm, onClosed }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Overlay />
        <Content
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            if (!onClosed) return
            event.preventDefault()
            onClosed()
          }}
        >
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div>{description}</div>
          </Dialog.Description>
          <Actions>
            <Dialog.Close asChild>
              <Button $variant="secondary">{keepLabel}</Button>
            </Dialog.Close>
            <Button
              onClick={() => {
                onOpenChange(false)
                onConfirm()
              }}
            >
              {confirmLabel}
            </Button>
          </Actions>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

const Overlay = styled(Dialog.Overlay)`
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
  gap: ${theme.space[4]};
  width: min(32rem, calc(100vw - 2rem));
  max-height: calc(100dvh - 2rem);
  overflow-y: auto;
  padding: ${theme.space[6]};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.raised};
  transform: translate(-50%, -50%);
  overflow-wrap: anywhere;
  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.xl};
  }
  p {
    margin: 0;
  }
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
`
