import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * Security headers on every response, the SPA's and the proxied ones alike. The CSP is complete
 * (useDefaults off) so what it allows is all here: Vite emits external hashed scripts only, so
 * scripts need no 'unsafe-inline'; styles do, because styled-components injects <style> tags.
 */
/** Our own documents, shown in a viewer on our own pages (the rack-card PDF on /cognivue). */
const FRAMEABLE_BY_OUR_PAGES = /^\/files\/[^?#]+\.pdf(?:[?#]|$)/i

/**
 * Powerful browser features the site never uses, off for it and for anything it embeds (the map
 * and video frames need none of them).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ')

export async function securityHeaders(app: FastifyInstance, { publicUrl }: { publicUrl?: string }) {
  const https = publicUrl?.startsWith('https://') ?? false
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Google Maps and YouTube (no-cookie) embeds.
        frameSrc: ["'self'", 'https://www.google.com', 'https://www.youtube-nocookie.com'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only when served over https: on plain http (local runs) it would break every subresource.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Browsers ignore HSTS received over plain http, so it is safe to send always.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  })
  app.addHook('onSend', async (_req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
  })
  // Only our own pages may frame those documents; everything else stays unframeable.
  app.addHook('onSend', async (req, reply) => {
    if (!FRAMEABLE_BY_OUR_PAGES.test(req.url)) return
    reply.header('x-frame-options', 'SAMEORIGIN')
    const csp = reply.getHeader('content-security-policy')
    if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
  })
}
