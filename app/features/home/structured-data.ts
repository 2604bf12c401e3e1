import { type SiteContent, defaultSiteContent } from "~/features/content/site-content";

/** schema.org LocalBusiness for the home page (JSON-LD). */
export function localBusinessJsonLd(siteUrl: string, { business, services }: Pick<SiteContent, "business" | "services"> = defaultSiteContent) {
  const offer = (name: string, description: string) => ({ "@type": "Offer", itemOffered: { "@type": "Service", name, description } });
  const byType = (type: string) => services.filter((s) => s.serviceType === type || s.category === type);
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#business`,
    name: business.name,
    description: business.description,
    url: `${siteUrl}/`,
    telephone: business.phone.tel,
    email: business.email,
    image: `${siteUrl}${business.ogImage.src}`,
    logo: `${siteUrl}${business.logo.src}`,
    priceRange: business.priceRange,
    paymentAccepted: business.paymentAccepted.join(", "),
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address.street,
      addressLocality: business.address.city,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: business.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude },
    openingHoursSpecification: business.openingHoursSpecification.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.days,
      opens: h.opens,
      closes: h.closes,
    })),
    areaServed: business.serviceAreas.map((name) =>
      name.startsWith("All ") ? { "@type": "AdministrativeArea", name: "Orange County, CA" } : { "@type": "City", name: `${name}, CA` },
    ),
    sameAs: business.social.map((s) => s.url),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Cat boarding, grooming and adoption",
      itemListElement: [
        { "@type": "OfferCatalog", name: "Cat Boarding", itemListElement: byType("PetBoarding").map((s) => offer(s.title, s.description)) },
        { "@type": "OfferCatalog", name: "Cat Grooming", itemListElement: byType("PetGrooming").map((s) => offer(s.title, s.description)) },
        {
          "@type": "OfferCatalog",
          name: "Cat Adoption",
          itemListElement: services.filter((s) => s.icon === "heart").map((s) => offer(s.title, s.description)),
        },
      ],
    },
  };
}
