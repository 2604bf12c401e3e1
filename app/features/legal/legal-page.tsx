import type { MetaDescriptor } from "react-router";
import { business } from "~/content/business";
import type { LegalContact, LegalDocument } from "~/content/legal";
import type { SiteContent } from "~/features/content/site-content";
import { SiteContentProvider } from "~/features/content/site-content-context";
import { SiteFooter } from "~/features/landing/home-parts";
import { Breadcrumb } from "~/features/seo/breadcrumb";
import { breadcrumbJsonLd, webPageJsonLd } from "~/features/seo/json-ld";
import { seoMeta } from "~/features/seo/seo";

const crumbsOf = (doc: LegalDocument) => [
  { name: "Home", path: "/" },
  { name: doc.title, path: doc.path },
];

/** A legal document, written around the business's contact details. */
export type LegalDocumentFor = (contact: LegalContact) => LegalDocument;

/** What each legal page's loader returns: the site URL for the tags, the published content for the texts. */
export interface LegalPageData {
  siteUrl: string;
  content: SiteContent;
}

export function legalMeta(documentFor: LegalDocumentFor, data: LegalPageData | undefined): MetaDescriptor[] {
  // The tags carry no contact details, so the module's defaults serve when the loader failed.
  const doc = documentFor(data?.content.business ?? business);
  const siteUrl = data?.siteUrl ?? "";
  return seoMeta({
    siteUrl,
    path: doc.path,
    title: `${doc.title} | ${business.name}`,
    description: doc.description,
    ogType: "article",
    jsonLd: [webPageJsonLd(siteUrl, doc.path, doc.title, doc.updated), breadcrumbJsonLd(siteUrl, crumbsOf(doc))],
  });
}

const formatDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * A plain, readable legal document: one column, dated, with a table of contents. Its contact
 * lines and the footer show the published business profile, like the rest of the site.
 */
export function LegalPage({ documentFor, content }: { documentFor: LegalDocumentFor; content: SiteContent }) {
  const doc = documentFor(content.business);
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return (
    <SiteContentProvider value={content}>
      <header className="border-b border-brand-100 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 md:px-6">
          <a href="/" className="flex items-center gap-2 font-display text-lg font-bold text-brand-900">
            <img src={business.logo.src} width={36} height={36} alt="" className="h-9 w-9" />
            {business.name}
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-10 md:px-6 md:py-14">
        <Breadcrumb crumbs={crumbsOf(doc)} className="mb-6" />
        <h1 className="text-4xl">{doc.title}</h1>
        <p className="mt-2 text-muted">
          Last updated: <time dateTime={doc.updated}>{formatDate(doc.updated)}</time>
        </p>
        {doc.intro.map((p) => (
          <p key={p} className="mt-5 text-lg">
            {p}
          </p>
        ))}
        <nav aria-label="On this page" className="mt-8 rounded-2xl bg-white p-5 shadow-sm">
          <p className="font-bold text-brand-900">On this page</p>
          <ul className="mt-2 grid gap-1">
            {doc.sections.map((s) => (
              <li key={s.heading}>
                <a className="text-brand-700 underline underline-offset-2 hover:text-brand-900" href={`#${slug(s.heading)}`}>
                  {s.heading}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {doc.sections.map((s) => (
          <section key={s.heading} aria-labelledby={slug(s.heading)} className="mt-10">
            <h2 id={slug(s.heading)} className="scroll-mt-6 text-2xl">
              {s.heading}
            </h2>
            {s.paragraphs?.map((p) => (
              <p key={p} className="mt-3 leading-relaxed">
                {p}
              </p>
            ))}
            {s.list && (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed marker:text-brand-700">
                {s.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </main>
      <SiteFooter />
    </SiteContentProvider>
  );
}
