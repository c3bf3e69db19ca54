import { CLINICS, jsonLdGraph, organizationId, SCHEMA_ORG, type Clinic, type JsonLd } from '@hearing/contracts'

import { practice } from '../content/practice.ts'
import { paths } from '../config/paths.ts'

/**
 * schema.org structured data (JSON-LD) for the practice and its clinics (shared/contracts.md §5).
 * Articles' and products' (also written by the gateway) are @hearing/contracts' seo-json-ld.
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
        dayOfWeek: hours.days.map((day) => `${SCHEMA_ORG}/${day}`),
        opens: hours.opens,
        closes: hours.closes,
      })),
    // schema.org has no audiology specialty; ear, nose and throat medicine is the nearest.
    medicalSpecialty: `${SCHEMA_ORG}/Otolaryngologic`,
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

const openClinics = (base: string) => CLINICS.filter((c) => c.isOpen).map((clinic) => clinicJsonLd(base, clinic))

/** Home: the site, the practice and its clinics. */
export const homeGraph = (base: string): JsonLd => jsonLdGraph([websiteJsonLd(base), organizationJsonLd(base), ...openClinics(base)])

/** Pages about the clinics (locations, contact): the practice and each clinic with its hours. */
export const clinicsGraph = (base: string): JsonLd => jsonLdGraph([organizationJsonLd(base), ...openClinics(base)])
