/**
 * Every public, indexable page of the site without a :param: the sitemap's main file lists these
 * (content service), and the SPA's test keeps them equal to its routes whose SEO data says
 * "index, follow" (web/src/seo/public-pages.test.ts).
 */
export const PUBLIC_PAGES: readonly string[] = ['/', '/about-us', '/products', '/locations', '/cognivue', '/hearing-self-check', '/resources', '/contact-us', '/book-appointment', '/privacy-policy', '/return-policy', '/terms-of-service', '/accessibility']

/** Spanish pages live under this prefix: /es, /es/contact-us, /es/products/{id}, … */
export const SPANISH_PATH_PREFIX = '/es'

/** A page's path in a language: ("es", "/contact-us") -> "/es/contact-us", ("es", "/") -> "/es"; English paths as they are. */
export function pagePathIn(language: 'en' | 'es', path: string): string {
  if (language === 'en') return path
  return path === '/' ? SPANISH_PATH_PREFIX : `${SPANISH_PATH_PREFIX}${path}`
}
