import { loadSiteContent } from "@server/content/content";
import { publicFormAction } from "@server/leads/public-forms";
import { mapRefusals } from "@server/http/refusals";
import { localBusinessJsonLd } from "~/features/home/structured-data";
import { faqAnswers, landingCopy } from "~/content/landing";
import { defaultSiteContent } from "~/features/content/site-content";
import { breadcrumbJsonLd, faqJsonLd, type Crumb } from "~/features/seo/json-ld";
import { seoLoaderData } from "~/features/seo/loader";
import { LANDING_PATH } from "~/domain/public-pages";
import { seoMeta } from "~/features/seo/seo";
import { BookingSteps } from "~/features/landing/booking-steps";
import { Faq } from "~/features/landing/faq";
import { LandingHero } from "~/features/landing/hero";
import { AboutSection, ServicesSection } from "~/features/landing/home-parts";
import { LandingPage } from "~/features/landing/landing-page";
import { LandingSection } from "~/features/landing/landing-section";
import { LocationSection } from "~/features/landing/location-section";
import { IslandRoot } from "~/islands/island-root";
import type { PageHandle } from "~/islands/page-scripts";
import type { Route } from "./+types/cat-boarding-laguna-niguel";

const crumbs: readonly Crumb[] = [
  { name: "Home", path: "/" },
  { name: landingCopy.breadcrumb, path: LANDING_PATH },
];

// The texts come from the published site content, so edits show here at once.
export const loader = mapRefusals(async ({ context }: Route.LoaderArgs) => ({
  ...seoLoaderData(context),
  content: await loadSiteContent(context.db, context.logger),
}));

export const action = mapRefusals((args: Route.ActionArgs) => publicFormAction(args));

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const siteUrl = loaderData?.siteUrl ?? "";
  return seoMeta({
    siteUrl,
    path: LANDING_PATH,
    title: landingCopy.title,
    description: landingCopy.description,
    jsonLd: [
      breadcrumbJsonLd(siteUrl, crumbs),
      localBusinessJsonLd(siteUrl, loaderData?.content),
      faqJsonLd(faqAnswers((loaderData?.content ?? defaultSiteContent).business)),
    ],
  });
};
export const handle: PageHandle = { hydration: "island" };

export default function LagunaNiguelLanding({ loaderData, actionData }: Route.ComponentProps) {
  const props = { content: loaderData.content, crumbs, notice: actionData?.notice ?? null };
  return (
    <IslandRoot props={props}>
      <LandingPage
        {...props}
        parts={{
          hero: <LandingHero />,
          location: <LocationSection />,
          services: <ServicesSection />,
          steps: <BookingSteps />,
          about: <AboutSection />,
          faq: (
            <LandingSection id="faq" heading={landingCopy.faq.heading} tone="white">
              <Faq items={faqAnswers(loaderData.content.business)} />
            </LandingSection>
          ),
        }}
      />
    </IslandRoot>
  );
}
