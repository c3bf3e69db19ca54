import { z } from 'zod'

import { paths } from '../config/paths.ts'

import { defineContent, sitePath, text } from './schema.ts'

/**
 * The site's menus (SPEC §2 "Header and footer"): labels (and descriptions) are keys of the layout
 * catalog (src/i18n/messages/layout), rendered with `t` from '@/i18n/layout'; targets come from
 * config/paths.ts. The admin link, the account menu and the cart are not here: they depend on who
 * is signed in and live with those features.
 */

const navLinkSchema = z.strictObject({
  label: text,
  href: sitePath,
  /** One line shown under the label in the Discover menu. */
  description: text.optional(),
})

const navGroupSchema = z.strictObject({
  label: text,
  links: z.array(navLinkSchema).min(1),
})


export type NavLink = z.infer<typeof navLinkSchema>
export type NavGroup = z.infer<typeof navGroupSchema>
export type NavItem = NavLink | NavGroup

export const isNavGroup = (item: NavItem): item is NavGroup => 'links' in item

/** The header's navigation, in order; a group is a menu button ("Discover"). */
export const mainNavigation: readonly NavItem[] = defineContent('navigation', z.array(z.union([navLinkSchema, navGroupSchema])).min(1), [
  { label: 'nav.home', href: paths.home.getHref() },
  { label: 'nav.hearingAids', href: paths.products.getHref() },
  {
    label: 'nav.discover',
    links: [
      { label: 'nav.cognitiveHealth', href: paths.cognivue.getHref(), description: 'nav.cognitiveHealth.description' },
      { label: 'nav.resources', href: paths.resources.getHref('resources'), description: 'nav.resources.description' },
      { label: 'nav.clinicalStudies', href: paths.resources.getHref('clinical-studies'), description: 'nav.clinicalStudies.description' },
      { label: 'nav.selfCheck', href: paths.hearingSelfCheck.getHref(), description: 'nav.selfCheck.description' },
    ],
  },
  { label: 'nav.locations', href: paths.locations.getHref() },
  { label: 'nav.aboutUs', href: paths.aboutUs.getHref() },
  { label: 'nav.contactUs', href: paths.contactUs.getHref() },
])

/** The header's call to action. */
export const bookAppointmentLink: NavLink = defineContent('navigation', navLinkSchema, {
  label: 'nav.bookAppointment',
  href: paths.bookAppointment.getHref(),
})

/** The footer's "Quick Links". */
export const footerLinks: readonly NavLink[] = defineContent('navigation', z.array(navLinkSchema).min(1), [
  { label: 'nav.hearingAids', href: paths.products.getHref() },
  { label: 'nav.bookAppointment', href: paths.bookAppointment.getHref() },
  { label: 'nav.locations', href: paths.locations.getHref() },
  { label: 'nav.aboutUs', href: paths.aboutUs.getHref() },
  { label: 'nav.resources', href: paths.resources.getHref('resources') },
  { label: 'nav.cognitiveHealth', href: paths.cognivue.getHref() },
  { label: 'nav.contactUs', href: paths.contactUs.getHref() },
])

/** The footer's legal links, also the list of the legal pages. */
export const legalLinks: readonly NavLink[] = defineContent('navigation', z.array(navLinkSchema).min(1), [
  { label: 'nav.privacyPolicy', href: paths.privacyPolicy.getHref() },
  { label: 'nav.returnPolicy', href: paths.returnPolicy.getHref() },
  { label: 'nav.termsOfService', href: paths.termsOfService.getHref() },
  { label: 'nav.accessibility', href: paths.accessibility.getHref() },
])
