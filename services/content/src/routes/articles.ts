import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { Articles } from '../articles/service.js'
import { article, articleHandle, articleList, ArticlesUnavailable, blogHandle } from '../articles/types.js'
import type { Database } from '../database.js'

/** SPEC §2: the article page's message when no blog has the handle. */
export const ARTICLE_NOT_FOUND = "The article you're looking for doesn't exist."

/** Articles change rarely; a short shared cache spares the store without hiding an edit for long. */
const CACHE = 'public, max-age=300'

/**
 * GET /blogs/:blog/articles: one blog's articles, newest first (SPEC §7 "store blogs function").
 * GET /articles/:handle: one article, found in either blog (the article page).
 * A failing source answers 502 with a message (the site shows its "Error Loading Content" state).
 */
export const articlesRoutes: RouteGroup<Database, { articles: Articles }> = (app, { articles }) => {
  const unavailable = (err: unknown) => {
    if (!(err instanceof ArticlesUnavailable)) throw err
    app.log.warn({ reason: err.reason }, 'articles unavailable')
    return errorPayload(502, 'Articles could not be loaded. Please try again.')
  }

  app.get(
    '/blogs/:blog/articles',
    { schema: { params: z.object({ blog: blogHandle }), response: { 200: articleList, 400: errorBody, 502: errorBody } } },
    async (req, reply) => {
      try {
        const list = await articles.list(req.params.blog)
        return reply.header('cache-control', CACHE).send({ articles: list })
      } catch (err) {
        return reply.code(502).send(unavailable(err))
      }
    },
  )

  app.get(
    '/articles/:handle',
    { schema: { params: z.object({ handle: articleHandle }), response: { 200: article, 400: errorBody, 404: errorBody, 502: errorBody } } },
    async (req, reply) => {
      try {
        const found = await articles.find(req.params.handle)
        if (!found) return reply.code(404).header('cache-control', 'public, max-age=60').send(errorPayload(404, ARTICLE_NOT_FOUND))
        return reply.header('cache-control', CACHE).send(found)
      } catch (err) {
        return reply.code(502).send(unavailable(err))
      }
    },
  )
}
