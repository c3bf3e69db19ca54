import { Outlet } from 'react-router-dom'

import { CookieNotice } from '@/components/layout/cookie-notice'
import { Layout } from '@/components/layout/layout'
import { SiteFooter } from '@/components/layout/site-footer'
import { SiteHeader } from '@/components/layout/site-header'
import { HeaderAccount } from '@/features/auth/components/header-account'
import { useAuth } from '@/features/auth/use-auth'
import { ContactWelcome } from '@/features/contact/components/contact-welcome'
import { getLocations, locationsKey } from '@/features/locations/api/get-locations'
import { CartButton } from '@/features/shop/components/cart-button'
import { usePageViewTracking } from '@/lib/analytics'

import { ScrollRestoration } from './scroll-restoration'

/**
 * Root route element: the site frame around every page, 404 included (SPEC §2: header, footer,
 * cart drawer, cookie notice, page-view tracking). The header gets the features it shows but does
 * not own: the account area (auth) and, with the shop, the cart button (which loads the cart
 * drawer on first use).
 */
export function RootLayout() {
  usePageViewTracking()
  const { status, user } = useAuth()

  return (
    <>
      <Layout
        header={
          <SiteHeader
            renderAccount={(variant, onNavigate) => <HeaderAccount variant={variant} onNavigate={onNavigate} />}
            cart={<CartButton clinics={{ key: locationsKey, fetch: getLocations }} customer={status === 'signed-in' && user ? user : null} />}
          />
        }
        footer={<SiteFooter />}
        overlays={<CookieNotice />}
      >
        <Outlet />
      </Layout>
      <ScrollRestoration />
      <ContactWelcome userId={status === 'signed-in' && user ? user.id : null} />
    </>
  )
}
