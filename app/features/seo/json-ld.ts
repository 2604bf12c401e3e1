import { business } from "~/content/business";
import { absoluteUrl } from "./site-url";

export interface Crumb {
  name: string;
  path: string;
}

/** schema.org BreadcrumbList for the trail the page shows. */
export function breadcrumbJsonLd(siteUrl: string, crumbs: readonly Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/** The business as schema.org LocalBusiness, from the content module. */
export function businessJsonLd(siteUrl: string) {
  const a = business.address;
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#business`,
    name: business.name,
    description: business.description,
    url: absoluteUrl(siteUrl, "/"),
    image: absoluteUrl(siteUrl, "/images/og-card.png"),
    logo: absoluteUrl(siteUrl, business.logo.src),
    telephone: business.phone.tel,
    email: business.email,
    priceRange: business.priceRange,
    paymentAccepted: business.paymentAccepted.join(", "),
    address: {
      "@type": "PostalAddress",
      streetAddress: a.street,
      addressLocality: a.city,
      addressRegion: a.region,
      postalCode: a.postalCode,
      addressCountry: a.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude },
    openingHoursSpecification: business.openingHoursSpecification.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.days,
      opens: h.opens,
      closes: h.closes,
    })),
    areaServed: business.serviceAreas.map((name) => ({ "@type": "Place", name })),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Cat care services",
      itemListElement: ["Cat Boarding", "Cat Grooming", "Cat Adoption"].map((name) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name },
      })),
    },
  };
}

/** A plain WebPage node, for pages whose main subject is not the business itself (legal pages). */
export function webPageJsonLd(siteUrl: string, path: string, name: string, dateModified?: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name,
    url: absoluteUrl(siteUrl, path),
    isPartOf: { "@type": "WebSite", name: business.name, url: absoluteUrl(siteUrl, "/") },
    ...(dateModified ? { dateModified } : {}),
  };
}

/** schema.org FAQPage for questions shown on the page. */
export function faqJsonLd(items: readonly { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
