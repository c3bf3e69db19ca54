import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { loadLocalArticles, parseArticleFile } from '../src/articles/local.js'
import { BLOG_HANDLES } from '../src/articles/types.js'
import { build, testConfig } from './helper.js'

type ArticleJson = { id: string; handle: string; blog: string; title: string; image: string | null; excerpt: string | null; author: string | null; publishedAt: string; tags: string[]; contentHtml: string }

t.test('the repository holds at least six real articles per blog, each with its front matter', async (t) => {
  const blogs = await loadLocalArticles()
  for (const blog of BLOG_HANDLES) {
    const articles = blogs.get(blog)!
    t.ok(articles.length >= 6, `${blog}: ${articles.length} articles`)
    for (const a of articles) {
      t.ok(a.title && a.excerpt && a.author && a.image && a.tags.length > 0, `${a.handle}: title, excerpt, author, image, tags`)
      t.ok(a.contentHtml.length > 1500, `${a.handle}: a real body (${a.contentHtml.length} chars)`)
      t.notMatch(a.contentHtml, /<h1/i, 'the page title is the only h1')
    }
  }
  for (const a of blogs.get('clinical-study')!) t.match(a.contentHtml, /<h2>Sources?<\/h2>/, `${a.handle} cites its source`)
})

t.test('GET /blogs/:blog/articles lists a blog newest first; an unknown blog is a 400', async (t) => {
  const { app } = await build(t)
  for (const blog of BLOG_HANDLES) {
    const res = await app.inject(`/blogs/${blog}/articles`)
    t.equal(res.statusCode, 200)
    t.equal(res.headers['cache-control'], 'public, max-age=300')
    const { articles } = res.json() as { articles: ArticleJson[] }
    t.ok(articles.length >= 6)
    t.ok(articles.every((a) => a.blog === blog), 'only that blog')
    const dates = articles.map((a) => Date.parse(a.publishedAt))
    t.same(dates, [...dates].sort((a, b) => b - a), 'newest first')
  }
  const bad = await app.inject('/blogs/news/articles')
  t.equal(bad.statusCode, 400)
  t.match(bad.json().message, /params\.blog/)
})

t.test('GET /articles/:handle finds an article in either blog; unknown is 404 with the spec message; malformed 400', async (t) => {
  const { app } = await build(t)
  const one = await app.inject('/articles/hearing-loss-and-falls')
  t.equal(one.statusCode, 200)
  const a = one.json() as ArticleJson
  t.equal(a.blog, 'clinical-study')
  t.equal(a.title, 'Hearing Loss and Falls in Older Adults (Lin & Ferrucci, 2012)')
  t.equal(a.image, '/media/articles/hearing-loss-and-falls.svg')
  t.match(a.contentHtml, /Archives of\s+Internal Medicine/)
  const other = await app.inject('/articles/living-with-tinnitus')
  t.equal(other.json().blog, 'resources')

  const missing = await app.inject('/articles/no-such-article')
  t.equal(missing.statusCode, 404)
  t.equal(missing.json().message, "The article you're looking for doesn't exist.")
  const malformed = await app.inject('/articles/Bad%20Handle%3Cscript%3E')
  t.equal(malformed.statusCode, 400)
})

t.test('a Markdown file without valid front matter stops loading with the file and field named', async (t) => {
  t.throws(() => parseArticleFile('no front matter', 'resources', 'resources/x.md'), /resources\/x\.md: no front matter/)
  t.throws(
    () => parseArticleFile('---\ntitle: T\nhandle: Bad Handle\ndate: 2025-01-01\nexcerpt: e\n---\nbody', 'resources', 'x.md'),
    /x\.md: handle: must be lower-case/,
  )
  t.throws(() => parseArticleFile('---\ntitle: T\nhandle: ok\ndate: 2025-01-01\nexcerpt: e\nsecret: 1\n---\n', 'resources', 'x.md'), /Unrecognized key/i)
  const dir = await mkdtemp(path.join(tmpdir(), 'articles-'))
  t.teardown(() => import('node:fs/promises').then((fs) => fs.rm(dir, { recursive: true, force: true })))
  await mkdir(path.join(dir, 'resources'))
  await mkdir(path.join(dir, 'clinical-study'))
  const file = (handle: string) => `---\ntitle: T\nhandle: ${handle}\ndate: 2025-01-01\nexcerpt: e\n---\nbody\n`
  await writeFile(path.join(dir, 'resources', 'a.md'), file('same'))
  await writeFile(path.join(dir, 'clinical-study', 'b.md'), file('same'))
  await t.rejects(loadLocalArticles(dir), /clinical-study\/b\.md: handle "same" is already used by resources\/a\.md/)
})

t.test('ARTICLES_DIR serves another folder of Markdown; an empty blog is an empty list', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'articles-'))
  t.teardown(() => import('node:fs/promises').then((fs) => fs.rm(dir, { recursive: true, force: true })))
  await mkdir(path.join(dir, 'resources'))
  await writeFile(
    path.join(dir, 'resources', 'one.md'),
    '---\ntitle: One\nhandle: one\ndate: 2025-02-03\nexcerpt: First.\ntags: [A]\n---\n# Heading\n\nHello <b onclick="x()">there</b> [link](https://example.org) [self](/about-us)\n',
  )
  const { app } = await build(t, await testConfig(t, { ARTICLES_DIR: dir }))
  const list = (await app.inject('/blogs/resources/articles')).json() as { articles: ArticleJson[] }
  t.equal(list.articles.length, 1)
  t.equal(
    list.articles[0]!.contentHtml,
    '<h2>Heading</h2>\n<p>Hello <b>there</b> <a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">link</a> <a href="/about-us">self</a></p>\n',
    'h1 becomes h2, handlers removed, outside links open safely, own links stay',
  )
  t.same(list.articles[0]!.image, null)
  t.same((await app.inject('/blogs/clinical-study/articles')).json(), { articles: [] })
})
