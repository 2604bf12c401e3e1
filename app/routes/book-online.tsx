import { loadSiteContent } from "@server/content/content";
import { SiteContentProvider } from "~/features/content/site-content-context";
import { localBusinessJsonLd } from "~/features/home/structured-data";
import { bookOnlineCopy, landingCopy } from "~/content/landing";
import { AboutSection, ServicesSection, SiteFooter } from "~/features/landing/home-parts";
import { Scheduler } from "~/features/landing/scheduler";
import { TopBar } from "~/features/landing/top-bar";
import { VoucherButton } from "~/features/landing/voucher-button";
import { BOOK_ONLINE_PATH } from "~/features/seo/pages";
import { seoMeta } from "~/features/seo/seo";
import { resolveSiteUrl } from "~/features/seo/site-url";
import type { Route } from "./+types/book-online";

/** Rendered per request: the scheduler URL is run-time configuration (SCHEDULER_EMBED_URL). */
export async function loader({ context }: Route.LoaderArgs) {
  return { siteUrl: resolveSiteUrl(context), schedulerUrl: context.env.SCHEDULER_EMBED_URL ?? null, content: await loadSiteContent(context.db, context.logger) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const siteUrl = loaderData?.siteUrl ?? "";
  return seoMeta({
    siteUrl,
    path: BOOK_ONLINE_PATH,
    title: bookOnlineCopy.title,
    description: bookOnlineCopy.description,
    jsonLd: [localBusinessJsonLd(siteUrl, loaderData?.content)],
  });
};

export default function BookOnline({ loaderData }: Route.ComponentProps) {
  const copy = bookOnlineCopy;
  return (
    <SiteContentProvider value={loaderData.content}>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 font-bold text-brand-900 shadow-card focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside aria-label="Offer" className="bg-brand-900 px-4 py-2 text-center text-brand-50">
        <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm font-bold md:text-base">
          {copy.promo.text}
          <VoucherButton variant="accent" size="sm">
            {copy.promo.cta}
          </VoucherButton>
        </p>
      </aside>
      <TopBar scheduleLabel={landingCopy.topBar.scheduleLabel} scheduleHref="#scheduler" />
      <main id="main">
        <section id="scheduler" aria-labelledby="scheduler-heading" className="scroll-mt-20 px-4 py-10 md:px-6 md:py-14">
          <div className="mx-auto mb-8 max-w-2xl text-center">
            <h1 id="scheduler-heading" className="text-4xl md:text-5xl">
              {copy.heading}
            </h1>
            <p className="mt-3 text-lg text-muted">{copy.lead}</p>
          </div>
          <Scheduler url={loaderData.schedulerUrl} />
        </section>
        <ServicesSection />
        <AboutSection />
      </main>
      <SiteFooter />
    </SiteContentProvider>
  );
}
