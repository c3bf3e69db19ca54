/**
 * Every URL of the SPA, in one place (SPEC §2). `path` is the router pattern (`:name` matches one
 * path segment); `getHref` builds a link to it. Components link with `paths.x.getHref(...)`, never
 * with string literals, so a route can move without hunting for its links.
 *
 * Listing a route here does not make it exist: only the patterns in `spa-routes.ts` are rendered by
 * the router (and answered with HTTP 200 by the gateway); every other path is the 404 page.
 */

/** Query values of /resources?type=… (SPEC §2: "resources", the default, and "clinical-studies"). */
export type ResourcesTab = 'resources' | 'clinical-studies'

/** Sitemap kinds, each with its own URL; the backend sitemap function takes them as `?type=`. */
export type SitemapType = 'index' | 'main' | 'articles' | 'products'

const segment = (value: string) => encodeURIComponent(value)

export const paths = {
  home: { path: '/', getHref: () => '/' },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  auth: {
    path: '/auth',
    /** `redirectTo`: where to go back to after signing in. */
    getHref: (redirectTo?: string) =>
      redirectTo ? `/auth?${new URLSearchParams({ redirectTo }).toString()}` : '/auth',
  },
  admin: { path: '/admin', getHref: () => '/admin' },
  /** A patient's page in the staff dashboard, by user id. */
  adminPatient: { path: '/admin/patients/:id', getHref: (id: string) => `/admin/patients/${segment(id)}` },
  profile: { path: '/profile', getHref: () => '/profile' },
  /** Everything the practice holds about the signed-in person, readable, with its JSON download. */
  myData: { path: '/profile/my-data', getHref: () => '/profile/my-data' },
  /** Where the account deletion e-mail's link lands (identity builds it with ?token=). */
  deleteAccount: {
    path: '/delete-account',
    getHref: (token: string) => `/delete-account?${new URLSearchParams({ token }).toString()}`,
  },
  products: {
    path: '/products',
    /** `collection`: scroll target on the catalogue, e.g. "phonak" -> /products#phonak. */
    getHref: (collection?: string) => (collection ? `/products#${segment(collection)}` : '/products'),
  },
  product: {
    path: '/products/:productId',
    getHref: (productId: string) => `/products/${segment(productId)}`,
  },
  locations: { path: '/locations', getHref: () => '/locations' },
  resources: {
    path: '/resources',
    getHref: (type?: ResourcesTab) => (type ? `/resources?type=${type}` : '/resources'),
  },
  resource: {
    path: '/resources/:handle',
    getHref: (handle: string) => `/resources/${segment(handle)}`,
  },
  contactUs: { path: '/contact-us', getHref: () => '/contact-us' },
  bookAppointment: {
    path: '/book-appointment',
    /**
     * `location`: text matched against location names to pre-select one (first word of the office name);
     * `product`: the id of the hearing aid a fitting is for (its title goes into the notes).
     */
    getHref: ({ location, product }: { location?: string; product?: string } = {}) => {
      const query = new URLSearchParams()
      if (location) query.set('location', location)
      if (product) query.set('product', product)
      return query.size > 0 ? `/book-appointment?${query.toString()}` : '/book-appointment'
    },
  },
  appointmentSuccess: { path: '/appointment-success', getHref: () => '/appointment-success' },
  messageSuccess: { path: '/message-success', getHref: () => '/message-success' },
  signupSuccess: { path: '/signup-success', getHref: () => '/signup-success' },
  setupAccount: {
    path: '/setup-account',
    getHref: (token: string) => `/setup-account?${new URLSearchParams({ token }).toString()}`,
  },
  /** Where the password-reset e-mail's link lands (identity builds it with ?token=). */
  resetPassword: {
    path: '/reset-password',
    getHref: (token: string) => `/reset-password?${new URLSearchParams({ token }).toString()}`,
  },
  /** Where the appointment confirmation e-mail's cancel link lands (scheduling builds it with ?token=). */
  cancelAppointment: {
    path: '/cancel-appointment',
    getHref: (token: string) => `/cancel-appointment?${new URLSearchParams({ token }).toString()}`,
  },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  returnPolicy: { path: '/return-policy', getHref: () => '/return-policy' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  accessibility: { path: '/accessibility', getHref: () => '/accessibility' },
  cognivue: { path: '/cognivue', getHref: () => '/cognivue' },
  hearingSelfCheck: { path: '/hearing-self-check', getHref: () => '/hearing-self-check' },
  sitemaps: {
    xml: { path: '/sitemap.xml', getHref: () => '/sitemap.xml' },
    index: { path: '/sitemap-index.xml', getHref: () => '/sitemap-index.xml' },
    main: { path: '/sitemap-main.xml', getHref: () => '/sitemap-main.xml' },
    articles: { path: '/sitemap-articles.xml', getHref: () => '/sitemap-articles.xml' },
    products: { path: '/sitemap-products.xml', getHref: () => '/sitemap-products.xml' },
  },
} as const
