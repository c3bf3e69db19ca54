/**
 * The client's address as a service behind the gateway sees it. The gateway drops whatever
 * forwarding headers the client sent and sets X-Forwarded-For to the one address it determined
 * itself (request.ip: the TCP peer, or what a configured TRUSTED_PROXIES proxy said). Without the
 * header (a service called directly, tests) the TCP peer is the client.
 */
export function clientAddress(req: { headers: Record<string, string | string[] | undefined>; ip: string }): string {
  const header = req.headers['x-forwarded-for']
  const value = Array.isArray(header) ? header.at(-1) : header
  return value?.split(',').at(-1)?.trim() || req.ip
}
