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
