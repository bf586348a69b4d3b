/**
 * How the rating sort weighs a doctor's average by how many reviews stand behind it: a Bayesian
 * average that starts every doctor at PRIOR_RATING as if they had PRIOR_REVIEWS reviews of it, so
 * one 5.0 review (4.17) ranks below a hundred 4.9s (4.86), and many reviews move a doctor to their
 * own average. The directory index sorts by this; the cards still show the plain average.
 */
export const PRIOR_RATING = 4;
export const PRIOR_REVIEWS = 5;

/** The rating sort's key; a doctor without reviews scores 0, after every rated doctor. */
export function ratingRank(averageRating: number, reviewCount: number): number {
  if (!(reviewCount > 0) || !Number.isFinite(averageRating)) return 0;
  return (PRIOR_RATING * PRIOR_REVIEWS + averageRating * reviewCount) / (PRIOR_REVIEWS + reviewCount);
}
