import { fireEvent } from '@testing-library/react'

/**
 * Puts `value` into a field in one go, the way a browser does when a visitor picks a date in its
 * date picker or autofills a field: the value changes, then `input` fires, then `change`.
 * Both events, as in a browser (React's onChange answers either).
 */
export function enterValue(field: HTMLElement, value: string) {
  fireEvent.input(field, { target: { value } })
  fireEvent.change(field)
}
