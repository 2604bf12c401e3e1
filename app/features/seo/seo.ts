import type { MetaDescriptor } from "react-router";
import { business } from "~/content/business";
import { absoluteUrl } from "./site-url";

export const OG_IMAGE = { src: "/images/og-card.png", width: 1200, height: 630, alt: `${business.name}: cat-only boarding and grooming` };

export interface SeoInput {
  siteUrl: string;
  /** The page's own path; the canonical URL is built from it. */
  path: string;
  title: string;
  description: string;
  /** Keep the page out of search results (and do not follow its links). */
  noindex?: boolean;
  image?: { src: string; width: number; height: number; alt: string };
  /** Structured data objects, each rendered as its own JSON-LD script. */
  jsonLd?: readonly object[];
  ogType?: "website" | "article";
}

/**
 * The head tags of a page: title, description, canonical link, Open Graph and Twitter cards,
 * robots and JSON-LD. Use it from a route's `meta` with the site URL its loader returned.
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(input.siteUrl, input.path);
  const image = input.image ?? OG_IMAGE;
  const imageUrl = absoluteUrl(input.siteUrl, image.src);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.ogType ?? "website" },
    { property: "og:site_name", content: business.name },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: imageUrl },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** For pages that only need to stay out of search results (sign-in, account, admin…). */
export const noindexMeta = (title: string): MetaDescriptor[] => [{ title }, { name: "robots", content: "noindex, nofollow" }];
