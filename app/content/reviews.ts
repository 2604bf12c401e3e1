import data from "./reviews.json";

/**
 * SAMPLE CONTENT: these 50 reviews are placeholders written for the demo site, not real
 * customer reviews. Replace reviews.json (and regenerate the cards with
 * `node scripts/generate-review-cards.mjs`) with the business's real reviews before launch.
 */
export interface Review {
  id: string;
  author: string;
  location: string;
  rating: number;
  date: string;
  text: string;
}

export const reviews: readonly Review[] = data;

export const REVIEW_CARD = { width: 600, height: 400 } as const;

export const reviewImage = (review: Review) => ({
  src: `/images/reviews/review-${review.id}.svg`,
  ...REVIEW_CARD,
  alt: `${review.rating} out of 5 stars. "${review.text}" — ${review.author}, ${review.location}`,
});
