import { CLINICS, type Clinic } from '@hearing/contracts'

import { practice } from '../content/practice.ts'
import { paths } from '../config/paths.ts'

/**
 * schema.org structured data (JSON-LD) for the practice, its clinics, articles, products and
 * breadcrumbs (shared/contracts.md §5).
 *
 * No `aggregateRating` or `review` on the practice or its clinics: reviews of a business shown on
 * its own site are "self-serving" and not eligible for review rich results (Google's review
 * snippet rules), whatever widget they come from. Product ratings from buyers stay allowed.
 *
 * `base` is the site's origin without a trailing slash ("https://example.org"). At build time it
 * is a placeholder the gateway replaces with PUBLIC_URL; in the browser it is location.origin.
 *
 * Kept free of React, browser APIs and the '@/' alias: the pre-render step imports it in Node.
 */

export type JsonLd = Record<string, unknown>

const CONTEXT = 'https://schema.org'

export const organizationId = (base: string) => `${base}/#organization`
const websiteId = (base: string) => `${base}/#website`
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
export const clinicId = (base: string, clinic: Pick<Clinic, 'town'>) => `${base}${paths.locations.path}#${slug(clinic.town)}`

/** "(770) 555-0142" -> "+1-770-555-0142" (schema.org and Google prefer the international form). */
function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return `+1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
}

/** The practice as a whole: a MedicalOrganization whose departments are its clinics. */
export function organizationJsonLd(base: string): JsonLd {
  const open = CLINICS.filter((c) => c.isOpen)
  return {
    '@type': 'MedicalOrganization',
    '@id': organizationId(base),
    name: practice.name,
    alternateName: practice.shortName,
    description: practice.description,
    slogan: practice.tagline,
    url: `${base}/`,
    logo: `${base}/favicon.svg`,
    email: practice.supportEmail,
    ...(open[0] ? { telephone: internationalPhone(open[0].phone) } : {}),
    foundingDate: String(practice.foundedYear),
    areaServed: { '@type': 'State', name: practice.state },
    department: open.map((clinic) => ({ '@id': clinicId(base, clinic) })),
  }
}

/**
 * One clinic: MedicalClinic with its address, phone and opening hours. Days without opening
 * times (weekends) are left out: schema.org reads a missing day as closed.
 */
export function clinicJsonLd(base: string, clinic: Clinic): JsonLd {
  const { address } = clinic
  return {
    '@type': 'MedicalClinic',
    '@id': clinicId(base, clinic),
    name: `${practice.name} ${clinic.name}`,
    url: `${base}${paths.locations.path}`,
    telephone: internationalPhone(clinic.phone),
    email: practice.supportEmail,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [address.line1, address.line2].filter(Boolean).join(', '),
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.zip,
      addressCountry: 'US',
    },
    openingHoursSpecification: clinic.hours
      .filter((hours) => hours.opens && hours.closes)
      .map((hours) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: hours.days.map((day) => `${CONTEXT}/${day}`),
        opens: hours.opens,
        closes: hours.closes,
      })),
    // schema.org has no audiology specialty; ear, nose and throat medicine is the nearest.
    medicalSpecialty: `${CONTEXT}/Otolaryngologic`,
    hasMap: clinic.directionsUrl,
    parentOrganization: { '@id': organizationId(base) },
  }
}

/** The site itself (home page). */
export function websiteJsonLd(base: string): JsonLd {
  return {
    '@type': 'WebSite',
    '@id': websiteId(base),
    name: practice.name,
    url: `${base}/`,
    inLanguage: 'en-US',
    publisher: { '@id': organizationId(base) },
  }
}

const graph = (nodes: JsonLd[]): JsonLd => ({ '@context': CONTEXT, '@graph': nodes })
const openClinics = (base: string) => CLINICS.filter((c) => c.isOpen).map((clinic) => clinicJsonLd(base, clinic))

/** Home: the site, the practice and its clinics. */
export const homeGraph = (base: string): JsonLd => graph([websiteJsonLd(base), organizationJsonLd(base), ...openClinics(base)])

/** Pages about the clinics (locations, contact): the practice and each clinic with its hours. */
export const clinicsGraph = (base: string): JsonLd => graph([organizationJsonLd(base), ...openClinics(base)])

export interface Crumb {
  name: string
  /** A path on this site ("/resources"); the last crumb (the page itself) may leave it out. */
  path?: string
}

/** BreadcrumbList, e.g. Home > Resources > article (SPEC §2 "/resources/{handle}"). */
export function breadcrumbJsonLd(base: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      ...(crumb.path !== undefined ? { item: `${base}${crumb.path}` } : {}),
    })),
  }
}

export interface ArticleData {
  title: string
  /** Path of the article on this site. */
  path: string
  description?: string
  image?: string
  /** ISO date-time. */
  publishedAt?: string
  author?: string
  tags?: readonly string[]
}

/** An article page: BlogPosting plus its breadcrumbs. */
export function articleJsonLd(base: string, article: ArticleData): JsonLd {
  return graph([
    {
      '@type': 'BlogPosting',
      headline: article.title,
      url: `${base}${article.path}`,
      mainEntityOfPage: `${base}${article.path}`,
      ...(article.description ? { description: article.description } : {}),
      ...(article.image ? { image: [article.image] } : {}),
      ...(article.publishedAt ? { datePublished: article.publishedAt } : {}),
      ...(article.author ? { author: [{ '@type': 'Person', name: article.author }] } : {}),
      ...(article.tags?.length ? { keywords: article.tags.join(', ') } : {}),
      publisher: { '@id': organizationId(base) },
    },
    breadcrumbJsonLd(base, [
      { name: 'Home', path: paths.home.getHref() },
      { name: 'Resources', path: paths.resources.getHref() },
      { name: article.title },
    ]),
  ])
}

export interface ProductData {
  title: string
  path: string
  brand?: string
  description?: string
  images?: readonly string[]
  /** Price in US dollars, e.g. 2499 or "$2,499.00". */
  price?: number | string
  sku?: string
}

/** A product page: Product with an Offer (merchant listings need a price above 0 and a currency). */
export function productJsonLd(base: string, product: ProductData): JsonLd {
  const price = typeof product.price === 'string' ? Number(product.price.replace(/[$,\s]/g, '')) : product.price
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.title,
    url: `${base}${product.path}`,
    ...(product.description ? { description: product.description } : {}),
    ...(product.images?.length ? { image: [...product.images] } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(price !== undefined && Number.isFinite(price) && price > 0
      ? {
          offers: {
            '@type': 'Offer',
            price: price.toFixed(2),
            priceCurrency: 'USD',
            availability: `${CONTEXT}/InStock`,
            url: `${base}${product.path}`,
            seller: { '@id': organizationId(base) },
          },
        }
      : {}),
  }
}
