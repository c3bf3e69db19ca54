import * as Dialog from '@radix-ui/react-dialog'
import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'

import { renderWithApp } from '@/testing/render'

import { notify } from './notify'

/**
 * The toast container loads with the first toast. A modal dialog hides the rest of the page from
 * assistive technology when it opens: a toast raised from inside it (the cart's checkout failure)
 * must still be an alert people and tests can find.
 */
test('a first toast raised while a modal dialog is open is announced, not hidden behind the dialog', async () => {
  renderWithApp(
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Content aria-describedby={undefined}>
          <Dialog.Title>Your Cart</Dialog.Title>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>,
  )
  expect(screen.getByRole('dialog', { name: 'Your Cart' })).toBeTruthy()
  notify.error('Failed to create checkout. Please try again.')
  const alert = await screen.findByRole('alert', {}, { timeout: 5_000 })
  expect(alert.textContent).toContain('Failed to create checkout. Please try again.')
})
