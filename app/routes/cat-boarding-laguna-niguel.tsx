import { loadSiteContent } from "@server/content/content";
import { SiteContentProvider } from "~/features/content/site-content-context";
import { localBusinessJsonLd } from "~/features/home/structured-data";
import { landingCopy } from "~/content/landing";
import { Faq } from "~/features/landing/faq";
import { Gallery } from "~/features/landing/gallery";
import { LandingHero } from "~/features/landing/hero";
import { AboutSection, ServicesSection, SiteFooter, VideoSection } from "~/features/landing/home-parts";
import { LandingSection } from "~/features/landing/landing-section";
import { LocationSection } from "~/features/landing/location-section";
import { PromoCard } from "~/features/landing/promo-card";
import { BookingSteps } from "~/features/landing/booking-steps";
import { TopBar } from "~/features/landing/top-bar";
import { Breadcrumb } from "~/features/seo/breadcrumb";
import { breadcrumbJsonLd, faqJsonLd, type Crumb } from "~/features/seo/json-ld";
import { seoLoaderData } from "~/features/seo/loader";
import { LANDING_PATH } from "~/features/seo/pages";
import { seoMeta } from "~/features/seo/seo";
import type { Route } from "./+types/cat-boarding-laguna-niguel";

const crumbs: readonly Crumb[] = [
  { name: "Home", path: "/" },
  { name: landingCopy.breadcrumb, path: LANDING_PATH },
];

// The texts come from the published site content, so edits show here at once.
export const loader = async ({ context }: Route.LoaderArgs) => ({ ...seoLoaderData(context), content: await loadSiteContent(context.db, context.logger) });

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const siteUrl = loaderData?.siteUrl ?? "";
  return seoMeta({
    siteUrl,
    path: LANDING_PATH,
    title: landingCopy.title,
    description: landingCopy.description,
    jsonLd: [breadcrumbJsonLd(siteUrl, crumbs), localBusinessJsonLd(siteUrl, loaderData?.content), faqJsonLd(landingCopy.faq.items)],
  });
};

export default function LagunaNiguelLanding({ loaderData }: Route.ComponentProps) {
  return (
    <SiteContentProvider value={loaderData.content}>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 font-bold text-brand-900 shadow-card focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopBar scheduleLabel={landingCopy.topBar.scheduleLabel} />
      <main id="main">
        <div className="px-4 pt-6 pb-12 md:px-6 md:pt-8 md:pb-16">
          <div className="mx-auto max-w-6xl">
            <Breadcrumb crumbs={crumbs} className="mb-6" />
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
          <Faq items={landingCopy.faq.items} />
        </LandingSection>
      </main>
      <SiteFooter />
    </SiteContentProvider>
  );
}
