import type { ReviewsResponse } from './reviews.js'

/**
 * The practice's own testimonials (SPEC §4 "Reviews", §8, §9 "Fallback reviews figures: rating
 * 4.9/5"): the content service's embedded default and what it serves whenever the live source fails,
 * and what the SPA shows (pre-rendered, and when it cannot reach the service at all). One copy,
 * typed by the API schema (and checked against it by the content service's tests) but plain data:
 * the SPA's home page imports it without loading zod.
 *
 * PLACEHOLDER CONTENT. The three patients below are fictional, written for this demo; a practice
 * replaces them with testimonials its patients agreed to publish. `total_reviews` is likewise a
 * stated placeholder figure, and `maps_url` a Google Maps search for the practice's name.
 */
export const PRACTICE_TESTIMONIALS: ReviewsResponse = {
  reviews: [
    {
      name: 'Margaret H.',
      age: 74,
      location: 'Gainesville, GA',
      rating: 5,
      highlight: 'I can follow my grandchildren’s stories again.',
      text:
        'For years I nodded along at Sunday dinner and missed half of what was said. The team explained my hearing test in plain words, fitted my hearing aids without any rush and called a week later to see how I was doing. I can follow my grandchildren’s stories again.',
      date: '2025-03-18',
    },
    {
      name: 'Robert D.',
      age: 68,
      location: 'Dawsonville, GA',
      rating: 5,
      highlight: 'Patient, honest and never pushy.',
      text:
        'I put off getting help for far too long. From the first visit they were patient, honest and never pushy about price. They showed me three options side by side, and now my hearing aids stream calls from my phone. I hear the sermon from the back pew again.',
      date: '2025-01-27',
    },
    {
      name: 'Carol W.',
      age: 81,
      location: 'Dahlonega, GA',
      rating: 5,
      highlight: 'The kindest care I’ve had in years.',
      text:
        'My old hearing aids whistled and never sat right. They cleaned and adjusted them while I waited, then walked me and my daughter through the choices without hurrying us. The follow-up visits are included, and they have been the kindest care I’ve had in years.',
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
  fallback: false,
}
