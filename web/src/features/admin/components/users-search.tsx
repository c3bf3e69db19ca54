import { useRef, type FormEvent } from 'react'
import { useSearchParams } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Input, Label } from '@/components/ui/form-controls'

import { useUserSearch } from '../api/patients'

import { Muted, RefreshablePanel } from './refreshable-panel'
import { UsersTable } from './users-table'
import { theme } from '@/config/theme'

interface UsersSearchProps {
  canEditRoles: boolean
  currentUserId: string
}

/** A page number from the address bar: a whole number from 1, else 1. */
function pageFrom(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/**
 * The Users tab: search by name, e-mail or phone (however the number is typed) and pages
 * of users, newest first. The search and the page live in the address (?q=, ?page=), so a reload or
 * Back shows the same list. How many were found is announced (a live region); the pager's buttons
 * stay focusable at the ends (aria-disabled), so paging by keyboard never loses focus.
 */
export function UsersSearch({ canEditRoles, currentUserId }: UsersSearchProps) {
  const [params, setParams] = useSearchParams()
  const q = params.get('q')?.trim() ?? ''
  const page = pageFrom(params.get('page'))
  const list = useUserSearch({ q, page })
  const input = useRef<HTMLInputElement>(null)

  const show = (next: { q?: string; page?: number }) =>
    setParams(
      (p) => {
        const query = next.q ?? q
        if (query) p.set('q', query)
        else p.delete('q')
        if (next.page && next.page > 1) p.set('page', String(next.page))
        else p.delete('page')
        return p
      },
      { replace: true },
    )

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    show({ q: input.current?.value.trim() ?? '', page: 1 })
  }

  const clear = () => {
    if (input.current) input.current.value = ''
    show({ q: '', page: 1 })
    input.current?.focus()
  }

  return (
    <>
      <SearchForm role="search" aria-label="Users" onSubmit={search}>
        <Label htmlFor="users-search">Search by name, e-mail or phone</Label>
        <SearchRow>
          <Input id="users-search" ref={input} type="search" name="q" defaultValue={q} maxLength={200} autoComplete="off" />
          <Button type="submit">Search</Button>
          {q ? (
            <Button type="button" $variant="secondary" onClick={clear}>
              Show everyone
            </Button>
          ) : null}
        </SearchRow>
      </SearchForm>
      <RefreshablePanel resource={list} noun="users" summary={(data) => <Found data={data} q={q} canEditRoles={canEditRoles} />}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.page_size))
          return data.users.length === 0 ? (
            <Muted>{q ? 'No users match this search.' : 'No users yet.'}</Muted>
          ) : (
            <>
              <UsersTable users={data.users} mutate={list.mutate} canEditRoles={canEditRoles} currentUserId={currentUserId} />
              {pages > 1 ? (
                <Pager aria-label="User pages">
                  <Button $variant="secondary" aria-disabled={data.page <= 1 || undefined} onClick={() => data.page > 1 && show({ page: data.page - 1 })}>
                    Previous page
                  </Button>
                  <span aria-live="polite">
                    Page {data.page} of {pages}
                  </span>
                  <Button $variant="secondary" aria-disabled={data.page >= pages || undefined} onClick={() => data.page < pages && show({ page: data.page + 1 })}>
                    Next page
                  </Button>
                </Pager>
              ) : null}
            </>
          )
        }}
      </RefreshablePanel>
    </>
  )
}

/** "3 users match “770”" or "31 users", announced whenever it changes. */
function Found({ data, q, canEditRoles }: { data: { total: number }; q: string; canEditRoles: boolean }) {
  const count = data.total === 1 ? '1 user' : `${data.total} users`
  return (
    <span role="status">
      {q ? `${count} ${data.total === 1 ? 'matches' : 'match'} “${q}”.` : `${count}, newest first.`}
      {canEditRoles ? '' : ' Only administrators can change roles.'}
    </span>
  )
}

const SearchForm = styled.form`
  display: grid;
  gap: ${theme.space[2]};
  max-width: 40rem;
  margin-bottom: ${theme.space[4]};
`

const SearchRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};

  input {
    flex: 1 1 14rem;
  }
`

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[4]};
`
