/** Where identity is reached from a browser, through the gateway. */
export const PUBLIC_API_PREFIX = '/api/identity'

/** The links e-mails carry; every one absolute, on PUBLIC_URL. */
export function emailLinks(publicUrl: string) {
  const withToken = (path: string, token: string) => `${publicUrl}${path}?token=${encodeURIComponent(token)}`
  return {
    /** Served by identity itself: confirms, signs in, redirects to the site root. */
    confirm: (token: string) => withToken(`${PUBLIC_API_PREFIX}/confirm-email`, token),
    /** SPA pages. */
    reset: (token: string) => withToken('/reset-password', token),
    invite: (token: string) => withToken('/setup-account', token),
  }
}
