import { homeCopy } from "~/content/copy";
import { ReviewsCarousel } from "./reviews-carousel";
import { Section } from "./section";
import { sectionIds } from "./scroll-to-section";

export function ReviewsSection() {
  return (
    <Section id={sectionIds.reviews} eyebrow="Reviews" heading={homeCopy.reviews.heading} lead={homeCopy.reviews.lead}>
      <ReviewsCarousel />
    </Section>
  );
}
