import { CLINICS, COLLECTION_KEYS, type JsonLd } from '@hearing/contracts'

import { brands } from '../content/brands.ts'
import { media } from '../content/media.ts'
import { practice } from '../content/practice.ts'
// The self-check's search result, from its small links file (its page's copy loads with that page only).
import { seo as selfCheckSeo } from '../content/self-check/en.links.json'
import { paths } from '../config/paths.ts'
import { currentLocale, i18n } from '../i18n/i18n.ts'

import { clinicsGraph, homeGraph } from './json-ld.ts'

export { formatTitle } from './title.ts'

/**
 * What search engines and link previews learn about each page (SPEC §3 "SEO data"): title,
 * description, robots, Open Graph type and structured data. One entry per route pattern of
 * src/config/paths.ts; the build writes these into the HTML the gateway sends (pre-rendered
 * pages, and a head for the routes that are not pre-rendered), and <RouteSeo> keeps the head in
 * step on client-side navigations.
 *
 * Kept free of React, browser APIs and the '@/' alias: the pre-render step imports it in Node.
 */

/** index/follow for public pages; noindex for private or transactional ones. */
export type Robots = 'index, follow' | 'noindex, follow' | 'noindex, nofollow'

export interface PageSeo {
  /** The page's own title, without the practice name ("About Us"); the home page has none. */
  title?: string
  description: string
  robots: Robots
  /** og:type */
  type: 'website' | 'article' | 'product'
  /**
   * Pre-render at build time: static public pages whose content does not depend on who is
   * signed in. Pages behind a sign-in, with a token in the URL or with a :param are served as
   * the app shell with this head, and render in the browser.
   */
  prerender: boolean
  /**
   * The page renders differently with a query string (a tab, a pre-selected location): with one,
   * the gateway sends the app shell with this head instead of the pre-rendered page, which would
   * not match what the browser renders.
   */
  dependsOnQuery?: boolean
  /**
   * An image the page shows first and large (its likely Largest Contentful Paint): the head asks
   * for it early (<link rel="preload">) instead of after the markup and styles are read.
   */
  preloadImage?: string
  /**
   * An API path whose answer the page needs before it can show its content (its likely Largest
   * Contentful Paint): fetched alongside the scripts instead of after them.
   */
  preloadData?: string
  /** Structured data for the page; `base` is the site's origin (a placeholder at build time). */
  jsonLd?: (base: string) => JsonLd
}

const listOf = (items: readonly string[], word: 'and' | 'or') =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}` : (items[0] ?? '')
const towns = CLINICS.map((c) => c.town)
const townList = listOf(towns, 'and')
const townsOr = listOf(towns, 'or')
const shopBrands = listOf(
  brands.filter((b) => !b.comingSoon).map((b) => b.name),
  'and',
)

const publicPage = (title: string, description: string, extra: Partial<PageSeo> = {}): PageSeo => ({
  title,
  description,
  robots: 'index, follow',
  type: 'website',
  prerender: true,
  ...extra,
})

/** Confirmation pages: rendered ahead like public pages, but not worth a search result. */
const confirmationPage = (title: string, description: string): PageSeo =>
  publicPage(title, description, { robots: 'noindex, follow' })

/** Pages for one signed-in user or one e-mailed token: never indexed, never pre-rendered. */
const privatePage = (title: string, description: string): PageSeo => ({
  title,
  description,
  robots: 'noindex, nofollow',
  type: 'website',
  prerender: false,
})

export const pageSeo: Record<string, PageSeo> = {
  [paths.home.path]: {
    description: `${practice.heroCopy} Hearing tests, hearing aids and follow-up care in ${townList}, ${practice.state}.`,
    robots: 'index, follow',
    type: 'website',
    prerender: true,
    preloadImage: media.heroVideo.poster,
    jsonLd: homeGraph,
  },
  [paths.aboutUs.path]: publicPage(
    'About Us',
    `Our story, the hearing care team you will meet and the values behind every visit at ${practice.name}, serving ${townList} since ${practice.foundedYear}.`,
  ),
  [paths.locations.path]: publicPage(
    'Our Locations',
    `Addresses, phone numbers, opening hours, maps and directions for the ${townList} offices of ${practice.name}.`,
    { jsonLd: clinicsGraph },
  ),
  [paths.cognivue.path]: publicPage(
    'Memory Health',
    `How hearing and memory are linked, eight everyday tips to protect your mind, and how to book a cognitive health screening at ${practice.name}.`,
  ),
  [paths.hearingSelfCheck.path]: publicPage(selfCheckSeo.title, selfCheckSeo.description),
  [paths.products.path]: publicPage(
    'Hearing Aids',
    `Shop ${shopBrands} hearing aids with professional fitting, a 3-year warranty and 3 years of supplies from ${practice.name}.`,
    // The list's collections (features/shop/api/products: collectionsKey): asked for with the page, not after its scripts.
    { preloadData: `/api/catalogue/collections?keys=${COLLECTION_KEYS.join(',')}` },
  ),
  [paths.product.path]: publicPage(
    'Hearing Aid',
    `Features, warranty and price of this hearing aid, with professional fitting and follow-up care from ${practice.name}.`,
    // The product (features/shop/api/products: useProduct): its API path is the page's path under
    // /api/catalogue, filled in by the gateway like the canonical URL (@hearing/contracts PATH_PLACEHOLDER).
    { type: 'product', prerender: true, preloadData: '/api/catalogue%PATH%' },
  ),
  [paths.resources.path]: publicPage(
    'Hearing Health Resources',
    `Articles and clinical studies on hearing loss, hearing aids, tinnitus and cognitive health from the specialists at ${practice.name}.`,
    // The default tab's list (features/articles/api: blogArticlesKey('resources')).
    { dependsOnQuery: true, preloadData: '/api/content/blogs/resources/articles' },
  ),
  [paths.resource.path]: publicPage(
    'Hearing Health Article',
    `Hearing health insights and practical advice from the hearing care specialists at ${practice.name}.`,
    { type: 'article', prerender: true },
  ),
  [paths.contactUs.path]: publicPage(
    'Contact Us',
    `Call our ${townsOr} office, e-mail us or send a message: the team at ${practice.name} replies ${practice.replyTimes.form}.`,
    { jsonLd: clinicsGraph },
  ),
  [paths.bookAppointment.path]: publicPage(
    'Book an Appointment',
    `Request a hearing evaluation, hearing aid fitting or follow-up visit at our ${townsOr} office, Monday to Friday.`,
    { dependsOnQuery: true },
  ),
  [paths.appointmentSuccess.path]: confirmationPage(
    'Appointment Request Sent',
    `Thank you: your appointment request reached ${practice.name}. We will be in touch to confirm it.`,
  ),
  [paths.messageSuccess.path]: confirmationPage(
    'Message Sent Successfully!',
    `Thank you for your message. The team at ${practice.name} replies ${practice.replyTimes.email}.`,
  ),
  [paths.signupSuccess.path]: confirmationPage(
    'Check Your Email',
    `Your ${practice.name} account is created: open the link we e-mailed you to verify your address.`,
  ),
  [paths.privacyPolicy.path]: publicPage(
    'Privacy Policy',
    `How ${practice.name} collects, uses and protects your personal and health information, and the choices you have.`,
  ),
  [paths.returnPolicy.path]: publicPage(
    'Return Policy',
    `Returning hearing aids bought from ${practice.name}: 30 days from delivery, by appointment, with the original packaging and bill of sale.`,
  ),
  [paths.termsOfService.path]: publicPage(
    'Terms of Service',
    `The terms for using the website and buying from ${practice.name}: eligibility, prices, orders, warranties and governing law.`,
  ),
  [paths.accessibility.path]: publicPage(
    'Accessibility Statement',
    `${practice.name} aims for WCAG 2.1 AA on this website. Tell us about any barrier you meet: we answer within 2 business days.`,
  ),
  [paths.auth.path]: privatePage('Sign In', `Sign in to your ${practice.name} account, or create one to request appointments faster.`),
  [paths.profile.path]: privatePage('Profile Settings', `Your ${practice.name} account: personal and contact details, address and preferred office.`),
  [paths.adminPatient.path]: privatePage('Patient', `A patient's page in the staff dashboard of ${practice.name}.`),
  [paths.myData.path]: privatePage('My Data', `Everything ${practice.name} holds about you, to read or download.`),
  [paths.deleteAccount.path]: privatePage('Delete Your Account', `Confirm the deletion of your ${practice.name} account with the link from your e-mail.`),
  [paths.admin.path]: privatePage('Admin Dashboard', `The staff dashboard of ${practice.name}: users, appointments, orders and settings.`),
  [paths.setupAccount.path]: privatePage('Set Up Your Account', `Choose a password to finish setting up your ${practice.name} account.`),
  [paths.resetPassword.path]: privatePage('Reset Your Password', `Choose a new password for your ${practice.name} account.`),
  [paths.cancelAppointment.path]: privatePage('Cancel Your Appointment', `Cancel an appointment at ${practice.name} with the link from your confirmation e-mail.`),
}

/** The "Oops! Page not found" page (the gateway sends it with status 404). */
export const notFoundSeo: PageSeo = {
  title: 'Page not found',
  description: `This page does not exist on the ${practice.name} website. Go to the home page for our services, hearing aids and locations.`,
  robots: 'noindex, follow',
  type: 'website',
  prerender: true,
}

/** The picture link previews show for every page: the home page's hero image. */
export const shareImage = {
  path: media.heroVideo.poster,
  width: media.heroVideo.width,
  height: media.heroVideo.height,
  alt: media.heroVideo.description,
}

/** A route without an entry above (a page added without SEO data): the practice's own title and description. */
export const defaultSeo: PageSeo = {
  description: practice.description,
  robots: 'index, follow',
  type: 'website',
  prerender: false,
}

/** "seo.<name of the route in paths.ts>": the key of a route's Spanish title and description. */
const routeNames = new Map<string, string>(
  Object.entries(paths).flatMap(([name, entry]) => ('path' in entry ? [[entry.path as string, name] as const] : [])),
)

/** The values Spanish SEO messages may use (src/i18n/messages/seo/es.json). */
export function spanishSeoValues() {
  const list = (items: readonly string[], type: 'conjunction' | 'disjunction') => new Intl.ListFormat('es', { type }).format(items)
  return {
    practice: practice.name,
    towns: list(towns, 'conjunction'),
    townsOr: list(towns, 'disjunction'),
    brands: list(brands.filter((b) => !b.comingSoon).map((b) => b.name), 'conjunction'),
    state: practice.state,
    foundedYear: practice.foundedYear,
  }
}

/** `seo` with the Spanish title and description of `key` (the Spanish catalog is loaded on Spanish pages). */
function inSpanish(seo: PageSeo, key: string): PageSeo {
  const values = spanishSeoValues()
  return {
    ...seo,
    ...(seo.title !== undefined ? { title: i18n._(`seo.${key}.title`, values) } : {}),
    description: i18n._(`seo.${key}.description`, values),
  }
}

/** The route names whose pages have Spanish SEO texts: every route with SEO data but the staff screens. */
export const spanishSeoKeys = (staff: readonly string[]): string[] =>
  Object.keys(pageSeo)
    .filter((pattern) => !staff.includes(pattern))
    .map((pattern) => routeNames.get(pattern) ?? pattern)

export function seoForRoute(pattern: string): PageSeo {
  const seo = pageSeo[pattern]
  if (currentLocale() !== 'es') return seo ?? defaultSeo
  return seo ? inSpanish(seo, routeNames.get(pattern) ?? pattern) : inSpanish(defaultSeo, 'default')
}

/** The 404 page's SEO data in the page's language. */
export function notFoundSeoFor(): PageSeo {
  return currentLocale() === 'es' ? inSpanish(notFoundSeo, 'notFound') : notFoundSeo
}

/** Whether a route pattern has a :param (its pages cannot be rendered ahead). */
export function isDynamicPattern(pattern: string): boolean {
  return pattern.split('/').some((segment) => segment.startsWith(':'))
}
