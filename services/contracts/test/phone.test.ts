import t from 'tap'
import { z } from 'zod'
import { isPhoneText, phoneDigits, phoneForDisplay, usPhoneE164 } from '../src/phone.js'
import { usPhoneField } from '../src/phone-field.js'

t.test('a US number typed in any usual way is one number in E.164', async (t) => {
  for (const typed of ['(770) 555-0142', '770-555-0142', '770.555.0142', '7705550142', '+1 770 555 0142', '1 (770) 555-0142', '+17705550142']) {
    t.equal(usPhoneE164(typed), '+17705550142', typed)
  }
  t.equal(usPhoneE164('(404) 555-0100'), '+14045550100')
})

t.test('what is not a valid US number is refused', async (t) => {
  const refused = [
    '555-0142', // no area code
    '(123) 456-7890', // no area code starts with 1
    '+44 20 7946 0958', // a valid number, but British
    '770 555 0142 ext 12', // letters
    '770 555 0142\r\nBcc: someone@example.com', // a line break and more: the parser alone would find the number
    'call me',
    '',
    '+1 770 555 0142 770 555 0142 770', // longer than any phone typed
  ]
  for (const typed of refused) t.equal(usPhoneE164(typed), undefined, JSON.stringify(typed))
})

t.test('phone text: digits with the usual punctuation, whole or part of a number', async (t) => {
  for (const text of ['555', '555-01', '(770) 555', '+1 770', '770.555.0142']) t.ok(isPhoneText(text), text)
  for (const text of ['', 'ana@example.com', '770-555-0142 x', '770\n555', '++1 770', 'Ana 555']) t.notOk(isPhoneText(text), JSON.stringify(text))
})

t.test('staff read a valid number one way, and anything else as it was given', async (t) => {
  t.equal(phoneForDisplay('+17705550142'), '(770) 555-0142')
  t.equal(phoneForDisplay(' 770.555.0142 '), '(770) 555-0142')
  t.equal(phoneForDisplay('ask at the desk'), 'ask at the desk')
})

t.test('two phones written differently compare by their last ten digits', async (t) => {
  t.equal(phoneDigits('(770) 555-0142'), '7705550142')
  t.equal(phoneDigits('+1 770.555.0142'), '7705550142')
  t.equal(phoneDigits('555-0142'), undefined, 'too few digits to be a whole number')
})

t.test("a form's phone field keeps the number as typed and says the form's own words when it is not one", async (t) => {
  const field = usPhoneField('Please enter a valid phone number.')
  t.equal(field.parse(' (770) 555-0142 '), '(770) 555-0142')
  const failed = field.safeParse('555-0142')
  t.notOk(failed.success)
  t.same(failed.error?.issues.map((i) => i.message), ['Please enter a valid phone number.'])
  t.notOk(z.object({ phone: field }).safeParse({ phone: 'x'.repeat(41) }).success, 'longer than 40 characters')
})
