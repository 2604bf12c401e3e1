import { SkipLink } from "~/components/skip-link";
import { faqAnswers, landingCopy } from "~/content/landing";
import type { SiteContent } from "~/features/content/site-content";
import { SiteContentProvider } from "~/features/content/site-content-context";
import { Breadcrumb } from "~/features/seo/breadcrumb";
import type { Crumb } from "~/features/seo/json-ld";
import { BookingSteps } from "./booking-steps";
import { Faq } from "./faq";
import { Gallery } from "./gallery";
import { LandingHero } from "./hero";
import { AboutSection, ServicesSection, SiteFooter, VideoSection, VoucherDialog } from "./home-parts";
import { LandingSection } from "./landing-section";
import { LocationSection } from "./location-section";
import { PromoCard } from "./promo-card";
import { TopBar } from "./top-bar";
import { NoticeLine } from "~/components/notice-line";
import type { Notice } from "~/lib/forms";

/** The Laguna Niguel landing page's tree: rendered by its route, hydrated as an island. */
export function LandingPage({ content, crumbs, notice }: { content: SiteContent; crumbs: readonly Crumb[]; notice: Notice | null }) {
  return (
    <SiteContentProvider value={content}>
      <SkipLink />
      <TopBar scheduleLabel={landingCopy.topBar.scheduleLabel} />
      <main id="main">
        <div className="px-4 pt-6 pb-12 md:px-6 md:pt-8 md:pb-16">
          <div className="mx-auto max-w-6xl">
            <Breadcrumb crumbs={crumbs} className="mb-6" />
            {notice ? <NoticeLine notice={notice} className="mb-6" /> : null}
            <LandingHero />
          </div>
        </div>
        {landingCopy.galleries.map((gallery, i) => (
          <LandingSection key={gallery.id} id={gallery.id} heading={gallery.heading} lead={gallery.lead} tone={i % 2 === 0 ? "white" : "plain"}>
            <Gallery label={gallery.heading} photos={gallery.photos} />
          </LandingSection>
        ))}
        <LocationSection />
        <ServicesSection />
        <PromoCard />
        <BookingSteps />
        <VideoSection />
        <AboutSection />
        <LandingSection id="faq" heading={landingCopy.faq.heading} tone="white">
          <Faq items={faqAnswers(content.business)} />
        </LandingSection>
      </main>
      <SiteFooter />
      <VoucherDialog />
    </SiteContentProvider>
  );
}
