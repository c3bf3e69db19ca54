import t from 'tap'
import { z } from 'zod'
import { createFastify } from '../src/fastify.js'
import openApiDocument, { OPENAPI_PATH } from '../src/openapi.js'

interface Document {
  openapi: string
  info: { title: string }
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; required?: boolean }>; requestBody?: { content: Record<string, { schema: { properties: object; required?: string[] } }> } }>>
}

t.test('the document describes each route from its zod schemas: path parameters, query, body', async (t) => {
  const app = createFastify({ name: 'kit-openapi', logLevel: false })
  await app.register(openApiDocument, { title: 'kit-openapi' })
  app.post('/things/:id', {
    schema: {
      params: z.object({ id: z.uuid() }),
      querystring: z.object({ dry: z.enum(['yes', 'no']).optional() }),
      body: z.object({ name: z.string().max(80), note: z.string().optional() }),
    },
  }, async () => ({ ok: true }))
  app.get('/internal/ping', async () => ({ pong: true }))
  t.teardown(() => app.close())

  const res = await app.inject({ method: 'GET', url: OPENAPI_PATH })
  t.equal(res.statusCode, 200)
  const doc = res.json() as Document
  t.equal(doc.openapi, '3.1.0')
  t.equal(doc.info.title, 'kit-openapi')
  const post = doc.paths['/things/{id}']?.post
  const parameter = (name: string) => post?.parameters?.find((p) => p.name === name)
  t.match(parameter('id'), { in: 'path', required: true })
  t.match(parameter('dry'), { in: 'query' })
  t.same(Object.keys(post?.requestBody?.content['application/json']?.schema.properties ?? {}), ['name', 'note'])
  t.same(post?.requestBody?.content['application/json']?.schema.required, ['name'])
  t.ok(doc.paths['/internal/ping']?.get, 'routes without schemas are listed too')
  t.ok(doc.paths[OPENAPI_PATH]?.get, 'and the document itself')
})
