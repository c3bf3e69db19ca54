import { describe, expect, it } from 'vitest'

import { serverFieldErrors } from './server-field-errors'

describe('serverFieldErrors', () => {
  it('gives each body field its message, the first one kept', () => {
    expect(serverFieldErrors('body.phone: Please enter a valid phone number.; body.email: Please enter a valid email address.; body.phone: too long')).toEqual({
      phone: 'Please enter a valid phone number.',
      email: 'Please enter a valid email address.',
    })
  })
  it('leaves out what is not about a body field', () => {
    expect(serverFieldErrors('body: unknown field(s) role; querystring.q: too long')).toEqual({})
  })
})
