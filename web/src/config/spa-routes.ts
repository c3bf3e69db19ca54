import { localizePath } from '../i18n/locale.ts'

import { paths } from './paths.ts'

/**
 * The route patterns the router actually renders: the single list shared by
 * - the router (src/app/router.tsx maps each pattern to its page; the compiler insists on exactly these), and
 * - the build (vite.config.ts writes it to dist/spa-routes.json), from which the gateway decides
 *   200 vs 404 for HTML requests.
 * Add a route here when its page exists. Pattern syntax: static segments and `:name` (one segment) only.
 *
 * Kept free of React and browser APIs: vite.config.ts imports it at build time.
 */
export const spaRoutes = [paths.home.path, paths.aboutUs.path, paths.locations.path, paths.cognivue.path, paths.hearingSelfCheck.path, paths.products.path, paths.product.path, paths.resources.path, paths.resource.path, paths.auth.path, paths.signupSuccess.path, paths.profile.path, paths.myData.path, paths.deleteAccount.path, paths.setupAccount.path, paths.resetPassword.path, paths.cancelAppointment.path, paths.admin.path, paths.adminPatient.path, paths.privacyPolicy.path, paths.returnPolicy.path, paths.termsOfService.path, paths.accessibility.path, paths.appointmentSuccess.path, paths.messageSuccess.path, paths.contactUs.path, paths.bookAppointment.path] as const

export type SpaRoute = (typeof spaRoutes)[number]

/** Staff screens: English only, never under /es. */
export const staffRoutes: readonly SpaRoute[] = [paths.admin.path, paths.adminPatient.path]

/** Every other route also exists in Spanish, under /es (the router renders them with basename "/es"). */
export const spanishRoutes: readonly string[] = spaRoutes.filter((p) => !staffRoutes.includes(p)).map((p) => localizePath('es', p))

/** What the gateway answers 200 for (dist/spa-routes.json): the English routes and their Spanish twins. */
export const allSpaRoutes: readonly string[] = [...spaRoutes, ...spanishRoutes]
