import { fireEvent } from '@testing-library/react'

/**
 * Puts `value` into a field in one go, the way a browser does when a visitor picks a date in its
 * date picker or autofills a field: the value changes, then `input` fires, then `change`.
 * Both events, as in a browser: the site's onChange handlers listen to `input` on text and date
 * fields (Preact, vite.config.ts), React's to either.
 */
export function enterValue(field: HTMLElement, value: string) {
  fireEvent.input(field, { target: { value } })
  fireEvent.change(field)
}
