import t from 'tap'
import { classifyApiPath } from '../src/path-guard.js'

t.test('plain paths pass', async (t) => {
  for (const path of ['/api/content/articles', '/api/content/articles/', '/api/catalogue/products/phonak-audeo', '/api/content/internal-news', '/api/content/articles/internal', '/api/content/50%25-off', '/api/content/hearing%20aids']) {
    t.equal(classifyApiPath(path), 'ok', path)
  }
})

t.test('anything landing on /api/<service>/internal is internal', async (t) => {
  for (const path of [
    '/api/messaging/internal',
    '/api/messaging/internal/',
    '/api/messaging/InTeRnAl/x',
    '/api/messaging/%69nternal/x',
    '/api/messaging/%2569nternal/x',
    '/api/messaging//internal/x',
    '/api/messaging/./internal/x',
    '/api/messaging/a/../internal/x',
    '/api/messaging/a/%2E%2E/internal/x',
    '/api/messaging/a%2f..%2finternal',
    '/api/messaging/a\\..\\internal',
    '/api/messaging/internal;x=1/y',
    '/api/content/../identity/internal/x',
  ]) {
    t.equal(classifyApiPath(path), 'internal', path)
  }
})

t.test("a service's OpenAPI document is the services' own, however the path is spelled", async (t) => {
  for (const path of ['/api/identity/openapi.json', '/api/identity/openapi.json/', '/api/identity/OpenAPI.json', '/api/identity/%6fpenapi.json', '/api/content/../scheduling/openapi.json', '/api/messaging/openapi.json;x=1']) {
    t.equal(classifyApiPath(path), 'internal', path)
  }
  for (const path of ['/api/content/articles/openapi.json', '/api/content/openapi.jsonx']) t.equal(classifyApiPath(path), 'ok', path)
})

t.test('other ambiguous spellings are malformed', async (t) => {
  for (const path of ['/api/messaging/a%2fb', '/api/messaging/a%5Cb', '/api/messaging/a\\b', '/api/messaging/../x', '/api/messaging/a//b', '/api/messaging/./a', '/api/%zz', '/api/messaging/%25252569nternal']) {
    t.equal(classifyApiPath(path), 'malformed', path)
  }
})

t.test('plain spellings are judged like any other', async (t) => {
  for (const path of ['/api/content/.well-known/x', '/api/content/..x/y', '/api/content/a.b/.c', '/api/content/articles;v=1', '/api/messaging']) {
    t.equal(classifyApiPath(path), 'ok', path)
  }
  for (const path of ['/api/messaging/Internal;v=1', '/api/messaging/INTERNAL/', '/api/messaging/openapi.JSON']) t.equal(classifyApiPath(path), 'internal', path)
  for (const path of ['/api/messaging/a/..', '/api/messaging/a/.', '/api/messaging/./', '/api/messaging//', '/api//messaging']) t.equal(classifyApiPath(path), 'malformed', path)
})
