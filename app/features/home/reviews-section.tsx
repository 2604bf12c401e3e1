import { homeCopy } from "~/content/copy";
import { useSiteContent } from "~/features/content/site-content-context";
import { ReviewsCarousel } from "./reviews-carousel";
import { Section } from "./section";
import { sectionIds } from "./scroll-to-section";

export function ReviewsSection() {
  const { reviews } = useSiteContent();
  return (
    <Section id={sectionIds.reviews} eyebrow="Reviews" heading={homeCopy.reviews.heading} lead={homeCopy.reviews.lead(reviews.length)}>
      <ReviewsCarousel />
    </Section>
  );
}
