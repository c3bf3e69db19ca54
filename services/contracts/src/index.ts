export * from './reviews.js'
export * from './testimonials.js'
export * from './public-pages.js'
export * from './messaging-contacts.js'
