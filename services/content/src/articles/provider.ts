import type { Config } from '../config.js'
import { localArticlesSource } from './local.js'
import { shopifyArticlesSource } from './shopify.js'
import type { ArticlesSource } from './types.js'

/** The configured articles source (ARTICLES_PROVIDER): the repo's Markdown, or a Shopify store's blogs. */
export async function articlesSource(config: Config, log: { warn(obj: object, msg: string): void }): Promise<ArticlesSource> {
  if (config.ARTICLES_PROVIDER === 'local') return localArticlesSource(config.ARTICLES_DIR)
  // The config schema refuses shopify without both; checked again so a misuse fails loudly.
  if (!config.SHOPIFY_STORE_URL || !config.SHOPIFY_STOREFRONT_TOKEN) throw new Error('ARTICLES_PROVIDER=shopify needs SHOPIFY_STORE_URL and SHOPIFY_STOREFRONT_TOKEN')
  return shopifyArticlesSource({
    storeUrl: config.SHOPIFY_STORE_URL,
    token: config.SHOPIFY_STOREFRONT_TOKEN,
    apiVersion: config.SHOPIFY_API_VERSION,
    timeoutMs: config.ARTICLES_TIMEOUT_MS,
    log,
  })
}
