/**
 * The pictures drawn from data alone (no tools): product images, article pictures and the home
 * hero's picture, as [site path, SVG] pairs. generate-media writes them; a web test checks that the
 * committed files are exactly these (so the data and the pictures never drift apart).
 */
import { articleImages } from './articles.mjs'
import { heroArtImage } from './hero-art.mjs'
import { productImages } from './products.mjs'

export async function drawnImages(media) {
  return { products: await productImages(), articles: await articleImages(), hero: [heroArtImage(media.heroArt)] }
}
