import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom'

import { PageLoading } from '@/components/layout/page-loading'
import { paths } from '@/config/paths'
import { spaRoutes, type SpaRoute } from '@/config/spa-routes'

import { RootLayout } from './root-layout'
import { RouteError } from './route-error'
import { RouteFocus } from './route-focus'

type Page = LazyExoticComponent<ComponentType>

/**
 * One lazily loaded page per pattern of `spaRoutes`: the Record type makes the compiler reject a
 * pattern without a page and a page without a pattern, so the router and dist/spa-routes.json
 * (what the gateway answers 200 for) cannot drift apart.
 */
const pages: Record<SpaRoute, Page> = {
  [paths.home.path]: lazy(() => import('./routes/home')),
}

const NotFoundPage = lazy(() => import('./routes/not-found'))

function PageElement({ page: PageComponent }: { page: Page }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <PageComponent />
      <RouteFocus />
    </Suspense>
  )
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Errors while rendering a page (including a page chunk that fails to load after a
        // deploy) are shown inside the site frame.
        errorElement: <RouteError />,
        children: [
          ...spaRoutes.map((path): RouteObject => ({ path, element: <PageElement page={pages[path]} /> })),
          { path: '*', element: <PageElement page={NotFoundPage} /> },
        ],
      },
    ],
  },
]

const router = createBrowserRouter(routes)

export function AppRouter() {
  return <RouterProvider router={router} />
}
