/**
 * The articles' pictures: for every article file (services/content/articles/<blog>/*.md) whose front
 * matter names an `image` under /media/articles/ and an `illustration`, the drawing of that topic
 * (article-art.mjs) at that path. The article data picks the drawing; this only draws it.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { WEB, writeOut } from './common.mjs'
import { articleSvg, ILLUSTRATIONS } from './article-art.mjs'

const ARTICLES = path.join(WEB, '..', 'services', 'content', 'articles')

/** One front-matter field's value (the files keep each on one line). */
const field = (text, name) => new RegExp(`^${name}:\\s*(\\S+)\\s*$`, 'm').exec(text)?.[1]

/** Every article picture as [site path, SVG], blogs and files in name order. */
export async function articleImages() {
  const images = []
  for (const blog of (await readdir(ARTICLES)).sort()) {
    for (const file of (await readdir(path.join(ARTICLES, blog))).filter((f) => f.endsWith('.md')).sort()) {
      const text = await readFile(path.join(ARTICLES, blog, file), 'utf8')
      const image = field(text, 'image')
      const topic = field(text, 'illustration')
      if (!image?.startsWith('/media/articles/') || !image.endsWith('.svg')) continue
      if (!ILLUSTRATIONS.includes(topic)) {
        throw new Error(`${blog}/${file}: illustration "${topic ?? ''}" is not one of ${ILLUSTRATIONS.join(', ')}`)
      }
      images.push([image, articleSvg(topic)])
    }
  }
  return images
}

export async function makeArticles() {
  const images = await articleImages()
  for (const [sitePath, svg] of images) await writeOut(sitePath, svg)
  return { images: images.length }
}
