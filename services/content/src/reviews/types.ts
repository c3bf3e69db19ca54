import type { ReviewsResponse } from '@hearing/contracts'

/** Where the reviews come from. Never throws: a live source that fails answers with the fallback. */
export interface ReviewsProvider {
  readonly name: 'static' | 'google'
  getReviews(): Promise<ReviewsResponse>
}
