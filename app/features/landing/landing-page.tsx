import type { ReactNode } from "react";
import { KeptHtml } from "~/components/kept-html";
import { SkipLink } from "~/components/skip-link";
import { landingCopy } from "~/content/landing";
import type { SiteContent } from "~/features/content/site-content";
import { SiteContentProvider } from "~/features/content/site-content-context";
import { Breadcrumb } from "~/features/seo/breadcrumb";
import type { Crumb } from "~/features/seo/json-ld";
import { Gallery } from "./gallery";
import { SiteFooter, VideoSection, VoucherDialog } from "./home-parts";
import { LandingSection } from "./landing-section";
import { PromoCard } from "./promo-card";
import { TopBar } from "./top-bar";
import { NoticeLine } from "~/components/notice-line";
import type { Notice } from "~/lib/forms";

/** The sections with nothing to do in the browser: rendered by the route, kept by the island as they are (ADR 0135). */
export interface LandingStaticParts {
  hero: ReactNode;
  location: ReactNode;
  services: ReactNode;
  steps: ReactNode;
  about: ReactNode;
  faq: ReactNode;
}

/** The Laguna Niguel landing page's tree: rendered by its route, hydrated as an island. */
export function LandingPage({
  content,
  crumbs,
  notice,
  parts,
}: {
  content: SiteContent;
  crumbs: readonly Crumb[];
  notice: Notice | null;
  parts?: LandingStaticParts;
}) {
  return (
    <SiteContentProvider value={content}>
      <SkipLink />
      <TopBar scheduleLabel={landingCopy.topBar.scheduleLabel} />
      <main id="main">
        <div className="px-4 pt-6 pb-12 md:px-6 md:pt-8 md:pb-16">
          <div className="mx-auto max-w-6xl">
            <Breadcrumb crumbs={crumbs} className="mb-6" />
            {notice ? <NoticeLine notice={notice} className="mb-6" /> : null}
            <KeptHtml>{parts?.hero}</KeptHtml>
          </div>
        </div>
        {landingCopy.galleries.map((gallery, i) => (
          <LandingSection key={gallery.id} id={gallery.id} heading={gallery.heading} lead={gallery.lead} tone={i % 2 === 0 ? "white" : "plain"}>
            <Gallery label={gallery.heading} photos={gallery.photos} />
          </LandingSection>
        ))}
        <KeptHtml>{parts?.location}</KeptHtml>
        <KeptHtml>{parts?.services}</KeptHtml>
        <PromoCard />
        <KeptHtml>{parts?.steps}</KeptHtml>
        <VideoSection />
        <KeptHtml>{parts?.about}</KeptHtml>
        <KeptHtml>{parts?.faq}</KeptHtml>
      </main>
      <SiteFooter />
      <VoucherDialog />
    </SiteContentProvider>
  );
}
