import { Outlet, ScrollRestoration } from 'react-router-dom'

import { Layout } from '@/components/layout/layout'
import { SiteHeader } from '@/components/layout/site-header'

/** Root route element: the site frame around every page, 404 included. */
export function RootLayout() {
  return (
    <>
      <Layout header={<SiteHeader />}>
        <Outlet />
      </Layout>
      <ScrollRestoration />
    </>
  )
}
