import { SkipLink } from "~/components/skip-link";
import { bookOnlineCopy, landingCopy } from "~/content/landing";
import type { SiteContent } from "~/features/content/site-content";
import { SiteContentProvider } from "~/features/content/site-content-context";
import { AboutSection, ServicesSection, SiteFooter, VoucherDialog } from "./home-parts";
import { NoticeLine } from "~/components/notice-line";
import type { Notice } from "~/lib/forms";
import { Scheduler } from "./scheduler";
import { TopBar } from "./top-bar";
import { VoucherButton } from "./voucher-button";

/** The online-booking page's tree: rendered by its route, hydrated as an island. */
export function BookOnlinePage({ content, schedulerUrl, notice }: { content: SiteContent; schedulerUrl: string | null; notice: Notice | null }) {
  const copy = bookOnlineCopy;
  return (
    <SiteContentProvider value={content}>
      <SkipLink />
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
        <section id="scheduler" aria-labelledby="scheduler-heading" className="px-4 py-10 md:px-6 md:py-14">
          {notice ? <NoticeLine notice={notice} className="mx-auto mb-6 max-w-2xl" /> : null}
          <div className="mx-auto mb-8 max-w-2xl text-center">
            <h1 id="scheduler-heading" className="text-4xl md:text-5xl">
              {copy.heading}
            </h1>
            <p className="mt-3 text-lg text-muted">{copy.lead}</p>
          </div>
          <Scheduler url={schedulerUrl} />
        </section>
        <ServicesSection />
        <AboutSection />
      </main>
      <SiteFooter />
      <VoucherDialog />
    </SiteContentProvider>
  );
}
