import type { ReactNode } from "react";
import { KeptHtml } from "~/components/kept-html";
import { SkipLink } from "~/components/skip-link";
import type { SiteContent } from "~/features/content/site-content";
import { PreviewBanner } from "~/features/content/preview-banner";
import { SiteContentProvider } from "~/features/content/site-content-context";
import { CookieNotice } from "~/features/cookies/cookie-notice";
import { DonationSection } from "~/features/donation/donation-section";
import { FloatingBookButton } from "~/features/booking/floating-book-button";
import { GuaranteeSection } from "./guarantee-section";
import { Hero } from "./hero";
import { HomeDialogsProvider } from "./home-dialogs";
import { ReviewsSection } from "./reviews-section";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { VideoSection } from "./video-section";
import { NewsletterSignup } from "~/features/leads/newsletter-signup";
import { NoticeLine } from "~/components/notice-line";
import type { Notice } from "~/lib/forms";
import { PublicFormTarget } from "~/lib/public-forms";

export interface HomePageProps {
  content: SiteContent;
  /** An admin's draft preview, or null for the live page. */
  previewId: number | null;
  /** The answer to a form posted before the script ran (ADR 0117). */
  notice: Notice | null;
  /**
   * The sections with nothing to do in the browser, rendered by the route (`homeStaticParts`): the
   * island hydrates without them and keeps the server's markup (ADR 0135).
   */
  parts?: HomeStaticParts;
}

export interface HomeStaticParts {
  services: ReactNode;
  about: ReactNode;
  map: ReactNode;
  help: ReactNode;
}

/** The home page's tree: rendered by its route, hydrated as an island (app/islands/home.client.tsx). */
export function HomePage({ content, previewId, notice, parts }: HomePageProps) {
  return (
    <SiteContentProvider value={content}>
      <PublicFormTarget value="/?index">
        <HomeDialogsProvider>
          <SkipLink />
          {previewId !== null && <PreviewBanner revisionId={previewId} />}
          <SiteHeader />
          <main id="main">
            {notice ? (
              <div className="mx-auto max-w-6xl px-4 pt-4 md:px-6">
                <NoticeLine notice={notice} />
              </div>
            ) : null}
            <Hero />
            <KeptHtml>{parts?.services}</KeptHtml>
            <KeptHtml>{parts?.about}</KeptHtml>
            <ReviewsSection />
            <GuaranteeSection />
            <VideoSection />
            <DonationSection />
            <NewsletterSignup />
            <KeptHtml>{parts?.map}</KeptHtml>
            <KeptHtml>{parts?.help}</KeptHtml>
          </main>
          <SiteFooter />
          <FloatingBookButton />
          <CookieNotice />
        </HomeDialogsProvider>
      </PublicFormTarget>
    </SiteContentProvider>
  );
}
