import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'

import { applyPageHead } from './apply-head'
import type { SeoOverride } from './head'

/**
 * For pages whose head depends on what they load (an article, a product): replaces the route's
 * defaults (src/seo/pages.ts) with the page's own values once they are known. `route` is the
 * page's route pattern (e.g. paths.resource.path). Build `jsonLd` with the builders the gateway
 * uses too (@hearing/contracts seo-json-ld), with `window.location.origin` as the origin:
 *
 *   usePageSeo(paths.resource.path, article && {
 *     title: article.title,
 *     description: article.excerpt || undefined,
 *     type: 'article',
 *     jsonLd: articleJsonLd(window.location.origin, { title: article.title, url: `${window.location.origin}${pathname}`, … }),
 *   })
 *
 * Browser only: pages with a :param are not pre-rendered, so the server sends the route's
 * defaults and this replaces them after loading.
 */
export function usePageSeo(route: string, override: SeoOverride | undefined | null | false) {
  const { pathname } = useLocation()
  const key = override ? JSON.stringify(override) : ''
  useEffect(() => {
    if (key) applyPageHead(route, pathname, JSON.parse(key) as SeoOverride)
  }, [route, pathname, key])
}
