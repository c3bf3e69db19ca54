import { afterEach, describe, expect, it, vi } from 'vitest'

import { api, ApiError } from './api-client'

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('a busy server (503 with Retry-After)', () => {
  it('is asked again after the time it gives, and the caller gets the answer', async () => {
    vi.useFakeTimers()
    const fetchMock = vi.fn().mockResolvedValueOnce(answer(503, { message: 'busy' }, { 'retry-after': '2' })).mockResolvedValueOnce(answer(200, { ok: true }))
    vi.stubGlobal('fetch', fetchMock)
    const result = api.post<{ ok: boolean }>('/identity/sign-in', { email: 'a@example.com' }, { auth: false })
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    await vi.advanceTimersByTimeAsync(1999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toEqual({ ok: true })
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ method: 'POST', body: JSON.stringify({ email: 'a@example.com' }) })
  })

  it('is shown as an error after two more tries, or at once without a short Retry-After', async () => {
    vi.useFakeTimers()
    const busy = vi.fn().mockImplementation(async () => answer(503, { message: 'busy' }, { 'retry-after': '1' }))
    vi.stubGlobal('fetch', busy)
    const failing = api.get('/scheduling/availability').catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(2000)
    const error = await failing
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(503)
    expect(busy).toHaveBeenCalledTimes(3)

    for (const headers of [{}, { 'retry-after': '120' }] as Array<Record<string, string>>) {
      const once = vi.fn().mockResolvedValue(answer(503, { message: 'down' }, headers))
      vi.stubGlobal('fetch', once)
      await expect(api.get('/content/articles')).rejects.toMatchObject({ status: 503 })
      expect(once).toHaveBeenCalledTimes(1)
    }
  })
})
