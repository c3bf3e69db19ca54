import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react'
import { BrowserRouter, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom'

import { PageLoading } from '@/components/layout/page-loading'
import { paths } from '@/config/paths'
import { staffRoutes, type SpaRoute } from '@/config/spa-routes'
import { currentLocale, withSpanish } from '@/i18n/i18n'
import { basenameFor, stripLocale, type Locale } from '@/i18n/locale'
import { patternOf } from '@/lib/route-pattern'
import { RouteSeo } from '@/seo/route-seo'

import { RootLayout } from './root-layout'
import { HydrationMarker } from './hydration-marker'
import { RouteErrorBoundary } from './route-error'
import { RouteFocus } from './route-focus'

/** A page, with its loader: its code and, on Spanish pages, its Spanish texts (loadPageAt). */
type Page = LazyExoticComponent<ComponentType> & { load: () => Promise<unknown> }

/**
 * A lazily loaded page, followed by <RouteFocus> and <HydrationMarker> once its code has loaded:
 * inside the page's Suspense boundary, so focus moves and the page counts as hydrated only once
 * the page itself is there. While the code loads during hydration, React keeps the page's
 * pre-rendered markup in place; on a link, the router's navigation is a transition, so the
 * previous page stays until the new one is in.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Page {
  let loading: Promise<unknown> | undefined
  // On Spanish pages, the Spanish texts the page's modules declared load before it renders.
  const loadPage = () => (loading ??= withSpanish(load()).then((module) => module.default))
  const LoadedPage = lazy(() =>
    loadPage().then((Content) => {
      const Loaded = Content as ComponentType
      return {
        default: function LoadedPage() {
          return (
            <>
              <Loaded />
              <RouteFocus />
              <HydrationMarker />
            </>
          )
        },
      }
    }),
  )
  return Object.assign(LoadedPage, { load: loadPage })
}

/** The page modules (./routes/<name>.tsx), each loaded on first use. */
const routeModules = import.meta.glob<{ default: ComponentType }>(['./routes/*.tsx', '!./routes/*.test.tsx'])

/** Source path of each page module (as the build manifest names it): filled by routePage. */
const modulePaths = new Map<Page, string>()

function routePage(name: string): Page {
  const load = routeModules[`./routes/${name}.tsx`]
  if (!load) throw new Error(`no page module ./routes/${name}.tsx`)
  const page = lazyPage(load)
  modulePaths.set(page, `src/app/routes/${name}.tsx`)
  return page
}

/**
 * One lazily loaded page per pattern of `spaRoutes`: the Record type makes the compiler reject a
 * pattern without a page and a page without a pattern, so the router and dist/spa-routes.json
 * (what the gateway answers 200 for) cannot drift apart.
 */
const pages: Record<SpaRoute, Page> = {
  [paths.home.path]: routePage('home'),
  [paths.auth.path]: routePage('auth'),
  [paths.signupSuccess.path]: routePage('signup-success'),
  [paths.profile.path]: routePage('profile'),
  [paths.myData.path]: routePage('my-data'),
  [paths.deleteAccount.path]: routePage('delete-account'),
  [paths.setupAccount.path]: routePage('setup-account'),
  [paths.resetPassword.path]: routePage('reset-password'),
  [paths.cancelAppointment.path]: routePage('cancel-appointment'),
  [paths.admin.path]: routePage('admin'),
  [paths.adminPatient.path]: routePage('admin-patient'),
  [paths.aboutUs.path]: routePage('about-us'),
  [paths.locations.path]: routePage('locations'),
  [paths.cognivue.path]: routePage('cognivue'),
  [paths.hearingSelfCheck.path]: routePage('hearing-self-check'),
  [paths.resources.path]: routePage('resources'),
  [paths.resource.path]: routePage('resource'),
  [paths.products.path]: routePage('products'),
  [paths.product.path]: routePage('product'),
  [paths.privacyPolicy.path]: routePage('privacy-policy'),
  [paths.returnPolicy.path]: routePage('return-policy'),
  [paths.termsOfService.path]: routePage('terms-of-service'),
  [paths.accessibility.path]: routePage('accessibility'),
  [paths.appointmentSuccess.path]: routePage('appointment-success'),
  [paths.messageSuccess.path]: routePage('message-success'),
  [paths.contactUs.path]: routePage('contact-us'),
  [paths.bookAppointment.path]: routePage('book-appointment'),
}

const NotFoundPage = routePage('not-found')

/**
 * The source module of the page at `pattern` (undefined: the 404 page), e.g. "src/app/routes/product.tsx":
 * the pre-rendering step asks the browser to fetch that page's scripts with the page's HTML
 * (src/seo/page-scripts.ts) rather than once the first script has run.
 */
export function pageModuleOf(pattern: SpaRoute | undefined): string {
  return modulePaths.get(pattern ? pages[pattern] : NotFoundPage)!
}

/**
 * `pattern`: the page's route pattern, whose SEO data (src/seo/pages.ts) fills the head; none for
 * the 404 page. Every page is in the page's language (under /es Spanish throughout, apart from the
 * long texts it marks lang="en" itself: articles, product descriptions).
 */
function PageElement({ page: PageComponent, pattern }: { page: Page; pattern?: string }) {
  return (
    <>
      <RouteSeo pattern={pattern} />
      <Suspense fallback={<PageLoading />}>
        <PageComponent />
      </Suspense>
    </>
  )
}

/**
 * A staff screen reached from a Spanish page (the account menu's Admin Dashboard): staff screens
 * are English only, so the browser leaves the /es basename for the English address.
 */
function EnglishOnly() {
  const { pathname, search } = useLocation()
  useEffect(() => {
    window.location.replace(`${pathname}${search}`)
  }, [pathname, search])
  return <PageLoading />
}

const routeFor = (path: SpaRoute, spanish: boolean): RouteObject =>
  spanish && staffRoutes.includes(path) ? { path, element: <EnglishOnly /> } : { path, element: <PageElement page={pages[path]} pattern={path} /> }

/**
 * Starts loading the code (and on Spanish pages the Spanish texts) of the page at `pathname`
 * (src/main.tsx, with the frame's), rather than once hydration reaches the page. Staff screens
 * under /es (which leave for English) load nothing.
 */
export function loadPageAt(pathname: string, locale: Locale): Promise<unknown> {
  const pattern = patternOf(stripLocale(pathname))
  if (pattern && locale === 'es' && staffRoutes.includes(pattern)) return Promise.resolve()
  return (pattern ? pages[pattern] : NotFoundPage).load()
}

/**
 * The route tree for one page (`pattern`; undefined: the 404 page), shared by the browser
 * (AppRouter) and the build's pre-rendering (src/entry-server.tsx renders <AppRoutes/> in a
 * <StaticRouter>). One branch, not every page's: react-router flattens and compiles the whole tree
 * it is given on every render, a few milliseconds of the page's hydration for ~30 routes, while
 * the page is already known (patternOf, which loadPageAt asked first). Each tree is made once.
 *
 * Declarative router (BrowserRouter + useRoutes), not a data router: no page uses loaders or
 * actions, and the data router's code would add ~17 KB (gzip) to the JavaScript of every page.
 */
function routeTree(pattern: SpaRoute | undefined, spanish: boolean): RouteObject[] {
  const key = `${spanish ? 'es' : 'en'} ${pattern ?? '*'}`
  let tree = routeTrees.get(key)
  if (!tree) {
    const page = pattern ? routeFor(pattern, spanish) : { path: '*', element: <PageElement page={NotFoundPage} /> }
    tree = [{ element: rootLayout, children: [{ element: pageErrors, children: [page] }] }]
    routeTrees.set(key, tree)
  }
  return tree
}

const routeTrees = new Map<string, RouteObject[]>()
const rootLayout = <RootLayout />
// Errors while rendering a page (including a page chunk that fails to load after a deploy) are
// shown inside the site frame.
const pageErrors = (
  <RouteErrorBoundary>
    <Outlet />
  </RouteErrorBoundary>
)

/**
 * The page for the current location; inside a <BrowserRouter> (browser) or a <StaticRouter>
 * (pre-rendering). Spanish pages are the same routes under the basename /es, so every link a page
 * builds with paths.x.getHref() stays in the page's language.
 */
export function AppRoutes() {
  const { pathname } = useLocation()
  return useRoutes(routeTree(patternOf(pathname), currentLocale() === 'es'))
}

export function AppRouter() {
  return (
    <BrowserRouter basename={basenameFor(currentLocale())}>
      <AppRoutes />
    </BrowserRouter>
  )
}
