import { GREETING_NAME_MAX } from '@hearing/contracts'
import * as Dialog from '@radix-ui/react-dialog'
import { useState, type RefObject } from 'react'
import useSWR from 'swr'
import styled from 'styled-components'
import { z } from 'zod/mini'

import { Button } from '@/components/ui/button'
import { FieldRow, InputField, SelectField } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { FIRST_AND_LAST, nameFieldsCheck } from '@/lib/person-names'

import { createStoreCheckout, getStoreProvider, submitOrderRequest, type CheckoutContact } from '../api/checkout'
import { cart, cartTotals, formatPrice, useCart } from '../cart'
import { Overlay } from './info-dialogs'
import { t } from '@/i18n/shop'
import { t as tForms } from '@/i18n/forms'
import { theme } from '@/config/theme'


/** Where the checkout form gets the clinics to choose from (the locations feature, passed in by the layout). */
export interface ClinicSource {
  key: string
  fetch: () => Promise<ReadonlyArray<{ uid: string; name: string }>>
}

/** A signed-in customer's details, which fill in the order request (the app passes them in from auth). */
export interface CheckoutCustomer {
  first_name: string | null
  last_name: string | null
  email: string
  phone: string | null
  preferred_location_uid: string | null
}

export interface CartPanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The cart button: focus returns to it when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>
  clinics: ClinicSource
  customer: CheckoutCustomer | null
}

/**
 * The cart drawer (SPEC §2, §4): the lines with their quantities, the total, Checkout and Clear
 * Cart. A Radix Dialog: focus moves in and stays, Escape closes, the page behind is inert. Loaded
 * when the cart button is first used (cart-button.tsx), so neither the dialog library nor the
 * checkout form is part of every page's first download.
 */
export default function CartPanel({ open, onOpenChange, returnFocusTo, clinics, customer }: CartPanelProps) {
  const items = useCart()
  const { count, total } = cartTotals(items)
  const [checkingOut, setCheckingOut] = useState(false)
  const [busy, setBusy] = useState(false)
  const change = (o: boolean) => {
    onOpenChange(o)
    if (!o) setCheckingOut(false)
  }

  // Which checkout this shop has: asked when the drawer first opens (local when unknown).
  const { data: store } = useSWR(open ? '/catalogue/store' : null, getStoreProvider, { revalidateOnFocus: false })

  /**
   * SPEC §7: with the Shopify store, checkout opens the store's checkout in a new tab (opened at the
   * click, as a tab opened after an answer is blocked, and closed again on failure); otherwise the
   * order-request form.
   */
  const checkout = async () => {
    if (store?.provider !== 'shopify') return setCheckingOut(true)
    const tab = window.open('', '_blank')
    setBusy(true)
    try {
      const { checkoutUrl } = await createStoreCheckout(items)
      if (tab) {
        tab.opener = null
        tab.location.href = checkoutUrl
      } else window.location.assign(checkoutUrl)
    } catch {
      tab?.close()
      notify.error(t('shop.checkout.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Overlay />
        <Panel
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // There is no Dialog.Trigger (see cart-button.tsx): give focus back to the cart button.
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
        >
          <Head>
            <Dialog.Title>{t('shop.cart.title')}</Dialog.Title>
            <Dialog.Close asChild>
              <Button $variant="secondary">{t('shop.cart.close')}</Button>
            </Dialog.Close>
          </Head>
          {items.length === 0 ? (
            <p>{t('shop.cart.empty')}</p>
          ) : (
            <>
              <Lines>
                {items.map((item) => (
                  <li key={item.id}>
                    <img src={item.image} alt="" width={80} height={60} />
                    <div>
                      <strong>{item.title}</strong>
                      <div>{formatPrice(item.price)}</div>
                      <Qty>
                        <Button $variant="secondary" onClick={() => cart.setQuantity(item.id, item.quantity - 1)} aria-label={t('shop.cart.decrease', { title: item.title })}>
                          −
                        </Button>
                        <span aria-live="polite">
                          <VisuallyHidden>{t('shop.cart.quantity')} </VisuallyHidden>
                          {item.quantity}
                        </span>
                        <Button $variant="secondary" onClick={() => cart.setQuantity(item.id, item.quantity + 1)} aria-label={t('shop.cart.increase', { title: item.title })}>
                          +
                        </Button>
                        <RemoveButton type="button" onClick={() => cart.setQuantity(item.id, 0)}>
                          {t('shop.cart.remove')}<VisuallyHidden> {item.title}</VisuallyHidden>
                        </RemoveButton>
                      </Qty>
                    </div>
                  </li>
                ))}
              </Lines>
              <Total>
                <span>{t('shop.cart.total', { count })}</span>
                <strong>{formatPrice(total)}</strong>
              </Total>
              {checkingOut ? (
                <CheckoutForm clinics={clinics} customer={customer} onDone={() => change(false)} />
              ) : (
                <Actions>
                  <Button onClick={() => void checkout()} disabled={busy}>
                    {busy ? t('shop.cart.openingCheckout') : t('shop.cart.checkout')}
                    {store?.provider === 'shopify' ? <VisuallyHidden> {t('shop.cart.newTab')}</VisuallyHidden> : null}
                  </Button>
                  <Button $variant="secondary" onClick={() => cart.clear()}>
                    {t('shop.cart.clear')}
                  </Button>
                </Actions>
              )}
            </>
          )}
        </Panel>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/**
 * The order request's contact details, trimmed (the browser checks `required` and the e-mail first).
 * The names follow the server's rule for names an e-mail greets by (lib/person-names).
 */
const orderRequestSchema = z.pipe(
  z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string(), location: z.string() }).check(nameFieldsCheck(FIRST_AND_LAST)),
  z.transform(
    (v): CheckoutContact => ({
      first_name: v.firstName.trim(),
      last_name: v.lastName.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(),
      location_uid: v.location,
    }),
  ),
)

const fieldLabels = (): Record<string, string> => ({
  first_name: tForms('forms.firstName'),
  last_name: tForms('forms.lastName'),
  email: t('shop.order.email'),
  phone: tForms('forms.phone'),
  location_uid: t('shop.order.clinic'),
  items: t('shop.order.items'),
})

/** The server's "body.phone: must be …" as the form's labels say it: "Phone must be …". */
function inWords(message: string): string {
  const labels = fieldLabels()
  return message.replace(/body\.(\w+)(?:\.\d+\.\w+)?: /g, (whole, field: string) => (labels[field] ? `${labels[field]}: ` : whole))
}

/** Embedded default: hearing aids are fitted in person, so checkout is an order request the clinic calls back about. */
function CheckoutForm({ clinics, customer, onDone }: { clinics: ClinicSource; customer: CheckoutCustomer | null; onDone: () => void }) {
  const items = useCart()
  const { data: locations } = useSWR(clinics.key, clinics.fetch)
  // A signed-in customer's profile fills the form in; they can still change any of it.
  const form = useZodForm(orderRequestSchema, {
    firstName: customer?.first_name ?? '',
    lastName: customer?.last_name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    location: customer?.preferred_location_uid ?? '',
  })
  const busy = form.formState.isSubmitting

  const submit = form.handleSubmit(async (contact) => {
    if (items.length === 0) {
      notify.error(t('shop.cart.empty'))
      return
    }
    try {
      await submitOrderRequest(items, contact)
      cart.clear()
      notify.success(t('shop.order.sent.title'), t('shop.order.sent.text'))
      onDone()
    } catch (err) {
      // What the server refused and why (a field, the cart's size, too many requests) is said as it is.
      notify.error(err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? inWords(err.message) : t('shop.checkout.failed'))
    }
  })

  return (
    <Form onSubmit={submit} aria-label={t('shop.order.label')}>
      <p>{t('shop.order.intro')}</p>
      <FieldRow>
        <InputField {...form.field('firstName')} label={tForms('forms.firstName')} required autoComplete="given-name" maxLength={GREETING_NAME_MAX}>
          {form.errorFor('firstName')}
        </InputField>
        <InputField {...form.field('lastName')} label={tForms('forms.lastName')} required autoComplete="family-name" maxLength={GREETING_NAME_MAX}>
          {form.errorFor('lastName')}
        </InputField>
      </FieldRow>
      <InputField {...form.field('email')} type="email" label={t('shop.order.email')} required autoComplete="email" />
      <InputField {...form.field('phone')} type="tel" label={tForms('forms.phone')} required autoComplete="tel" />
      <SelectField {...form.field('location', { controlled: true })} label={t('shop.order.clinic')} required>
        <option value="" disabled>
          {t('shop.order.chooseClinic')}
        </option>
        {(locations ?? []).map((l) => (
          <option key={l.uid} value={l.uid}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('shop.order.sending') : t('shop.order.send')}
      </Button>
    </Form>
  )
}

const Panel = styled(Dialog.Content)`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: ${theme.zIndices.dialog};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  width: min(28rem, 100vw);
  overflow-y: auto;
  padding: ${theme.space[5]};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.raised};
  h2 {
    margin: 0;
  }
`
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`
const Lines = styled.ul`
  display: grid;
  gap: ${theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    gap: ${theme.space[3]};
  }
  img {
    border-radius: ${theme.radii.sm};
  }
`
const Qty = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[2]};
`
const RemoveButton = styled.button`
  min-height: 44px;
  margin-left: ${theme.space[2]};
  padding: 0 ${theme.space[2]};
  border: 0;
  background: none;
  color: ${theme.colors.primary};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: ${theme.focus.outline};
    outline-offset: ${theme.focus.outlineOffset};
  }
`
const Total = styled.p`
  display: flex;
  justify-content: space-between;
  margin: 0;
  font-size: ${theme.fontSizes.lg};
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
`
const Form = styled.form`
  display: grid;
  gap: ${theme.space[3]};
  p {
    margin: 0;
  }
`
