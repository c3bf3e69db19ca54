import type { Media } from '../../src/content/media.ts'

/** [site path, SVG text] */
export type DrawnImage = [string, string]

export declare function drawnImages(media: Pick<Media, 'heroArt'>): Promise<{ products: DrawnImage[]; articles: DrawnImage[]; hero: DrawnImage[] }>
