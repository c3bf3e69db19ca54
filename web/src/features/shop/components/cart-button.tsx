import { lazy, Suspense, useRef, useState } from 'react'
import styled from 'styled-components'

import { cartTotals, useCartAfterHydration } from '../cart'
import type { CheckoutCustomer, ClinicSource } from './cart-panel'
import { withSpanish } from '@/i18n/i18n'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

// The drawer, its dialog library and the checkout form load on first use (or when the pointer or
// focus reaches the button), not with every page: most visits never open the cart.
const loadPanel = () => withSpanish(import('./cart-panel'))
const CartPanel = lazy(loadPanel)

/** The header's cart button with its count badge, opening the cart drawer (SPEC §2, §4). */
export function CartButton({ clinics, customer }: { clinics: ClinicSource; customer: CheckoutCustomer | null }) {
  const { count } = cartTotals(useCartAfterHydration())
  const [open, setOpen] = useState(false)
  // Once opened, the drawer stays mounted (closed) so it opens again at once.
  const [used, setUsed] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const prefetch = () => void loadPanel()

  return (
    <>
      <Trigger
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('cart.button', { count })}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="18" cy="20" r="1.5" />
          <path d="M2 3h3l2.7 12.4a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L21 7H6" />
        </svg>
        <Badge aria-hidden="true" data-testid="cart-count">
          {count}
        </Badge>
      </Trigger>
      {used ? (
        <Suspense fallback={null}>
          <CartPanel open={open} onOpenChange={setOpen} returnFocusTo={button} clinics={clinics} customer={customer} />
        </Suspense>
      ) : null}
    </>
  )
}

const Trigger = styled.button`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  color: ${theme.colors.primary};
  cursor: pointer;
  &:focus-visible {
    outline: ${theme.focus.outline};
    outline-offset: ${theme.focus.outlineOffset};
  }
`
const Badge = styled.span`
  position: absolute;
  top: -8px;
  right: -8px;
  min-width: 1.5rem;
  padding: 0 4px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  font-size: 0.875rem;
  font-weight: 700;
  line-height: 1.5rem;
  text-align: center;
`
