import { useSiteContent } from "~/features/content/site-content-context";
import { landingCopy } from "~/content/landing";
import { DirectionsLink, MapEmbed } from "~/features/home/map-section";
import { LandingSection } from "./landing-section";

/** Where we are, with the map: 300 px high on mobile, 400 px from the tablet width up. */
export function LocationSection() {
  const { business } = useSiteContent();
  const copy = landingCopy.location;
  return (
    <LandingSection id="location" heading={copy.heading} lead={copy.lead} tone="white">
      <div className="grid gap-6 md:grid-cols-[1fr_2fr]">
        <div className="flex flex-col gap-4 rounded-[var(--radius-card)] bg-cream p-6">
          <address className="not-italic">
            <strong className="block text-brand-900">{business.name}</strong>
            {business.address.street}
            <br />
            {business.address.city}, {business.address.region} {business.address.postalCode}
          </address>
          <ul className="grid gap-2">
            {copy.points.map((p) => (
              <li key={p} className="flex gap-2">
                <span aria-hidden="true" className="text-brand-700">
                  ✓
                </span>
                {p}
              </li>
            ))}
          </ul>
          <DirectionsLink />
        </div>
        <MapEmbed />
      </div>
    </LandingSection>
  );
}
