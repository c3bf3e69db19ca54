import { z } from 'zod'

import { paths } from '../config/paths.ts'

import { defineContent, sitePath, text } from './schema.ts'
// The self-check's menu entry is worded with the rest of its copy (its small links file; the page's copy loads with the page).
import { menu as selfCheckMenu } from './self-check/en.links.json'

/**
 * The site's menus (SPEC §2 "Header and footer"): labels are content, targets come from
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
  { label: 'Home', href: paths.home.getHref() },
  { label: 'Hearing Aids', href: paths.products.getHref() },
  {
    label: 'Discover',
    links: [
      { label: 'Cognitive Health', href: paths.cognivue.getHref(), description: 'Cognivue memory screening and brain-health tips' },
      { label: 'Resources', href: paths.resources.getHref('resources'), description: 'Guides and articles about hearing health' },
      { label: 'Clinical Studies', href: paths.resources.getHref('clinical-studies'), description: 'Research on hearing, memory and wellbeing' },
      { label: selfCheckMenu.label, href: paths.hearingSelfCheck.getHref(), description: selfCheckMenu.description },
    ],
  },
  { label: 'Locations', href: paths.locations.getHref() },
  { label: 'About Us', href: paths.aboutUs.getHref() },
  { label: 'Contact Us', href: paths.contactUs.getHref() },
])

/** The header's call to action. */
export const bookAppointmentLink: NavLink = defineContent('navigation', navLinkSchema, {
  label: 'Book Appointment',
  href: paths.bookAppointment.getHref(),
})

/** The footer's "Quick Links". */
export const footerLinks: readonly NavLink[] = defineContent('navigation', z.array(navLinkSchema).min(1), [
  { label: 'Hearing Aids', href: paths.products.getHref() },
  { label: 'Book Appointment', href: paths.bookAppointment.getHref() },
  { label: 'Locations', href: paths.locations.getHref() },
  { label: 'About Us', href: paths.aboutUs.getHref() },
  { label: 'Resources', href: paths.resources.getHref('resources') },
  { label: 'Cognitive Health', href: paths.cognivue.getHref() },
  { label: 'Contact Us', href: paths.contactUs.getHref() },
])

/** The footer's legal links, also the list of the legal pages. */
export const legalLinks: readonly NavLink[] = defineContent('navigation', z.array(navLinkSchema).min(1), [
  { label: 'Privacy Policy', href: paths.privacyPolicy.getHref() },
  { label: 'Return Policy', href: paths.returnPolicy.getHref() },
  { label: 'Terms of Service', href: paths.termsOfService.getHref() },
  { label: 'Accessibility', href: paths.accessibility.getHref() },
])
