import { Icon } from "~/components/icons";
import { formatAddress } from "~/lib/address";
import { useSiteContent } from "~/features/content/site-content-context";
import { homeCopy } from "~/content/copy";
import { Section } from "./section";
import { sectionIds } from "./scroll-to-section";

export function MapSection() {
  const { business } = useSiteContent();
  return (
    <Section id={sectionIds.map} eyebrow="Location" heading={homeCopy.map.heading} lead={homeCopy.map.lead} tone="white">
      <div className="grid gap-6 md:grid-cols-[1fr_2fr]">
        <address className="flex flex-col gap-4 rounded-[var(--radius-card)] bg-cream p-7 not-italic">
          <p className="flex gap-3">
            <Icon name="pin" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
            <span>
              <strong className="block text-brand-900">{business.name}</strong>
              {business.address.street}
              <br />
              {business.address.city}, {business.address.region} {business.address.postalCode}
            </span>
          </p>
          <p className="flex gap-3">
            <Icon name="phone" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
            <a className="font-bold text-brand-700 underline" href={`tel:${business.phone.tel}`}>
              {business.phone.display}
            </a>
          </p>
          <p className="flex gap-3">
            <Icon name="mail" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
            <a className="font-bold text-brand-700 underline" href={`mailto:${business.email}`}>
              {business.email}
            </a>
          </p>
          <DirectionsLink />
        </address>
        <MapEmbed />
      </div>
    </Section>
  );
}

/** Opens directions to the hotel in a new tab. */
export function DirectionsLink() {
  const { business } = useSiteContent();
  return (
    <a
      href={business.map.directionsUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-auto inline-flex h-11 items-center justify-center rounded-full bg-brand-700 px-5 font-bold text-white hover:bg-brand-800"
    >
      Get Directions<span className="sr-only"> to {formatAddress(business.address)} (opens in a new tab)</span>
    </a>
  );
}

/** The embedded map: 300 px high on phones, 400 px from the tablet width up; loaded when near. */
export function MapEmbed() {
  const { business } = useSiteContent();
  return (
    <div className="h-[300px] overflow-hidden rounded-[var(--radius-card)] bg-brand-50 shadow-card md:h-[400px]" data-testid="map-area">
      <iframe
        src={business.map.embedUrl}
        title={business.map.title}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        className="h-full w-full border-0"
      />
    </div>
  );
}
