import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

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

/** The headers helmet sets with these options: they depend on nothing in the request, so they are computed once. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err
  })
  return headers
}

export function securityHeaders(app: FastifyInstance, { publicUrl }: { publicUrl?: string }) {
  const https = publicUrl?.startsWith('https://') ?? false
  const everywhere: Record<string, string> = {
    ...headersOf({
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
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  }
  // Only our own pages may frame those documents; everything else stays unframeable.
  const frameableByOurPages = {
    ...everywhere,
    'x-frame-options': 'SAMEORIGIN',
    'content-security-policy': everywhere['content-security-policy']!.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
  }
  // On every answer, the proxied ones and the framework's own (a URL that does not decode) too; a
  // callback hook, so no promise per request.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.headers(FRAMEABLE_BY_OUR_PAGES.test(req.url) ? frameableByOurPages : everywhere)
    done(null, payload)
  })
}
