/** The header that carries the shared secret of service-to-service /internal routes. */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token'
