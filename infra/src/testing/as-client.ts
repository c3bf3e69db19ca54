import type { InjectOptions, LightMyRequestResponse } from 'fastify'

interface Injectable {
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>
}

/**
 * Sends a request as the SPA does (web/src/lib/api-client.ts): a 503 that says when to come back
 * (Retry-After, at most 5 s) is asked again after that wait, at most `attempts` times in all. The
 * services answer so when the password hasher or the database pool is at capacity, which a test
 * that sends many requests at once reaches on a busy machine; what the test checks is the answer a
 * patient would end up with.
 */
export async function injectAsClient(app: Injectable, opts: InjectOptions, attempts = 4): Promise<LightMyRequestResponse> {
  for (let attempt = 1; ; attempt++) {
    const res = await app.inject(opts)
    const seconds = Number(res.headers['retry-after'])
    if (res.statusCode !== 503 || !(seconds > 0 && seconds <= 5) || attempt >= attempts) return res
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  }
}
