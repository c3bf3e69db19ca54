import { z } from 'zod'

import { defineContent, httpsUrl, isoDate, text } from './schema.ts'

/**
 * The practice's own testimonials (SPEC §4 "Reviews", §9 fallback figures), shown when live reviews
 * cannot be: the content service serves these itself whenever its live source fails
 * (services/content/src/reviews/static-reviews.ts), and the page shows this copy when it cannot
 * reach the service at all. A test in services/content checks that the two copies agree: edit both.
 *
 * PLACEHOLDER CONTENT: the three patients are fictional, written for this demo; replace them with
 * testimonials your patients agreed to publish. `total_reviews` is a stated placeholder figure.
 */
const testimonialSchema = z.strictObject({
  name: text,
  age: z.int().positive(),
  location: text,
  rating: z.int().min(1).max(5),
  text,
  highlight: text,
  date: isoDate,
})

const staticReviewsSchema = z.strictObject({
  reviews: z.array(testimonialSchema).length(3),
  place: z.strictObject({
    rating: z.number().min(1).max(5),
    total_reviews: z.int().min(0),
    maps_url: httpsUrl,
  }),
  attribution: z.strictObject({
    source: z.literal('practice'),
    text,
    url: z.null(),
  }),
})

export type StaticReviews = z.infer<typeof staticReviewsSchema>

export const staticReviews = defineContent('reviews', staticReviewsSchema, {
  reviews: [
    {
      name: 'Margaret H.',
      age: 74,
      location: 'Gainesville, GA',
      rating: 5,
      highlight: 'I can follow my grandchildren’s stories again.',
      text: 'For years I nodded along at Sunday dinner and missed half of what was said. The team explained my hearing test in plain words, fitted my hearing aids without any rush and called a week later to see how I was doing. I can follow my grandchildren’s stories again.',
      date: '2025-03-18',
    },
    {
      name: 'Robert D.',
      age: 68,
      location: 'Dawsonville, GA',
      rating: 5,
      highlight: 'Patient, honest and never pushy.',
      text: 'I put off getting help for far too long. From the first visit they were patient, honest and never pushy about price. They showed me three options side by side, and now my hearing aids stream calls from my phone. I hear the sermon from the back pew again.',
      date: '2025-01-27',
    },
    {
      name: 'Carol W.',
      age: 81,
      location: 'Dahlonega, GA',
      rating: 5,
      highlight: 'The kindest care I’ve had in years.',
      text: 'My old hearing aids whistled and never sat right. They cleaned and adjusted them while I waited, then walked me and my daughter through the choices without hurrying us. The follow-up visits are included, and they have been the kindest care I’ve had in years.',
      date: '2024-11-06',
    },
  ],
  place: {
    rating: 4.9,
    total_reviews: 312,
    maps_url: 'https://www.google.com/maps/search/?api=1&query=North+Georgia+Hearing+Care+Gainesville+GA',
  },
  attribution: {
    source: 'practice',
    text: 'Testimonials shared with us by our patients.',
    url: null,
  },
})
