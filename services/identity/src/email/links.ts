import { pathInLanguage, type PatientLanguage } from '@hearing/contracts'
import type { Config } from '../config.js'

export type EmailLinks = ReturnType<typeof emailLinks>

/** The links e-mails carry; every one absolute, on PUBLIC_URL, to the pages in the account's language. */
export function emailLinks({ PUBLIC_URL, PUBLIC_API_PREFIX }: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_API_PREFIX'>) {
  const withToken = (path: string, token: string, extra = '') => `${PUBLIC_URL}${path}?token=${encodeURIComponent(token)}${extra}`
  return {
    /** Served by identity itself: confirms, signs in, redirects to the site root (in the language given: lang). */
    confirm: (token: string, language: PatientLanguage = 'en') => withToken(`${PUBLIC_API_PREFIX}/confirm-email`, token, language === 'en' ? '' : `&lang=${language}`),
    /** SPA pages. */
    reset: (token: string, language: PatientLanguage = 'en') => withToken(pathInLanguage(language, '/reset-password'), token),
    invite: (token: string, language: PatientLanguage = 'en') => withToken(pathInLanguage(language, '/setup-account'), token),
    erase: (token: string, language: PatientLanguage = 'en') => withToken(pathInLanguage(language, '/delete-account'), token),
  }
}
