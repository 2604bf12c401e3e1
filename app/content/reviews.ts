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

const drawnCards = new Set(reviews.map((r) => r.id));

/** Whether a review has a drawn card in public/images/reviews/ (the sample reviews do; added ones need an upload). */
export const hasReviewCard = (id: string) => drawnCards.has(id);

export const reviewCardSrc = (id: string) => `/images/reviews/review-${id}.svg`;

/** The card's text for screen readers: the card is an image of the review. */
export const reviewAlt = (review: Pick<Review, "rating" | "text" | "author" | "location">) =>
  `${review.rating} out of 5 stars. "${review.text}" — ${review.author}, ${review.location}`;
