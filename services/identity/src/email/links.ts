import type { Config } from '../config.js'

export type EmailLinks = ReturnType<typeof emailLinks>

/** The links e-mails carry; every one absolute, on PUBLIC_URL. */
export function emailLinks({ PUBLIC_URL, PUBLIC_API_PREFIX }: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_API_PREFIX'>) {
  const withToken = (path: string, token: string) => `${PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`
  return {
    /** Served by identity itself: confirms, signs in, redirects to the site root. */
    confirm: (token: string) => withToken(`${PUBLIC_API_PREFIX}/confirm-email`, token),
    /** SPA pages. */
    reset: (token: string) => withToken('/reset-password', token),
    invite: (token: string) => withToken('/setup-account', token),
    erase: (token: string) => withToken('/delete-account', token),
  }
}
