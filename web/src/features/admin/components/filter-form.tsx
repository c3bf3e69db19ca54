import { useState, type FormEvent } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Field, Input, Label } from '@/components/ui/form-controls'
import { theme } from '@/config/theme'

/** A tab's filter form (Activity, Orders): fields in a grid that wraps, the buttons last. */
export const FilterForm = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${theme.space[3]};
  align-items: end;
  margin-bottom: ${theme.space[4]};
`

const FilterActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`

/** Reads a submitted filter form: each named field's trimmed value, undefined when empty. */
export function submittedFilters(event: FormEvent<HTMLFormElement>): (name: string) => string | undefined {
  event.preventDefault()
  const form = new FormData(event.currentTarget)
  return (name) => String(form.get(name) ?? '').trim() || undefined
}

/** The From and To days of a filter form (fields `from` and `to`). */
export function DayRangeFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <Field>
        <Label htmlFor={`${idPrefix}-from`}>From</Label>
        <Input id={`${idPrefix}-from`} name="from" type="date" />
      </Field>
      <Field>
        <Label htmlFor={`${idPrefix}-to`}>To</Label>
        <Input id={`${idPrefix}-to`} name="to" type="date" />
      </Field>
    </>
  )
}

/** Apply, and Export CSV: `exportCsv` saves the file (and tells why it could not); the button says it is working meanwhile. */
export function FilterButtons({ exportCsv }: { exportCsv: () => Promise<void> }) {
  const [exporting, setExporting] = useState(false)
  const run = async () => {
    setExporting(true)
    try {
      await exportCsv()
    } finally {
      setExporting(false)
    }
  }
  return (
    <FilterActions>
      <Button type="submit">Apply filters</Button>
      <Button type="button" $variant="secondary" onClick={() => void run()} disabled={exporting}>
        {exporting ? 'Exporting...' : 'Export CSV'}
      </Button>
    </FilterActions>
  )
}
