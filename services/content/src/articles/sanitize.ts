import sanitizeHtml from 'sanitize-html'

/**
 * The one door every article body goes through before it can reach a browser, whatever its
 * source (our Markdown, a Shopify blog). An allow-list of plain document markup:
 * - no scripts, styles, frames, forms, SVG/MathML or event-handler attributes (anything not listed
 *   is dropped; the content of script/style/… with it);
 * - links only to http(s), mailto and tel, or paths on this site; images only from https or this
 *   site (no javascript:, data:, vbscript: or protocol-relative URLs anywhere);
 * - links that leave the site open with rel="noopener noreferrer nofollow".
 */
const SITE_PATH = /^\/(?!\/)/

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'cite', 'q', 'code', 'pre',
    'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    abbr: ['title'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  // Per attribute below; sanitize-html's own scheme check runs first.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is dropped with them, never shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'noembed', 'noframes', 'xmp', 'plaintext', 'template', 'svg', 'math', 'object'],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // An article's own title is the page's h1; headings inside the body start at h2.
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? ''
      if (href && looksLikeScript(href)) {
        const { href: _dropped, ...rest } = attribs
        return { tagName, attribs: rest }
      }
      const internal = SITE_PATH.test(href) || href.startsWith('#')
      return {
        tagName,
        attribs: internal || !href ? attribs : { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
      }
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImage(frame.attribs.src),
}

/**
 * A link that names a script or data scheme anywhere, however disguised (percent-encoding, control
 * characters, spaces): browsers would read most such values as relative paths, but none belongs in
 * an article, so the link loses its href.
 */
function looksLikeScript(href: string): boolean {
  let decoded = href
  try {
    decoded = decodeURIComponent(href)
  } catch {
    // malformed escapes: judge the raw text
  }
  return /(java|vb|live)script:|data:/i.test(decoded.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ''))
}

function isAllowedImage(src: string | undefined): boolean {
  if (!src) return false
  const value = src.trim()
  return SITE_PATH.test(value) || /^https:\/\//i.test(value)
}

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options)
}

/** Plain text of a fragment (excerpts, titles from a store): every tag removed, entities kept as text. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: options.nonTextTags })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/** An image URL we may put in an <img src> or a meta tag: https or a path on this site; else null. */
export function safeImageUrl(url: string | null | undefined): string | null {
  return url && isAllowedImage(url) && !/[\s"'<>`]/.test(url.trim()) ? url.trim() : null
}
