import { backupHomeCopy } from "~/content/landing";
import type { SiteContent } from "~/features/content/site-content";
import { SiteContentProvider } from "~/features/content/site-content-context";
import { Breadcrumb } from "~/features/seo/breadcrumb";
import { BACKUP_HOME_PATH } from "~/domain/public-pages";
import { NoticeLine } from "~/components/notice-line";
import type { Notice } from "~/lib/forms";
import { AboutSection } from "./about-section";
import { GuaranteeSection } from "./guarantee-section";
import { HelpSection } from "./help-section";
import { Hero } from "./hero";
import { HomeDialogsProvider } from "./home-dialogs";
import { MapSection } from "./map-section";
import { ServicesSection } from "./services-section";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { VideoSection } from "./video-section";

const crumbs = [
  { name: "Home", path: "/" },
  { name: backupHomeCopy.breadcrumb, path: BACKUP_HOME_PATH },
];

/** The backup home page's tree (the older home page copy): rendered by its route, hydrated as an island. */
export function BackupHomePage({ content, notice }: { content: SiteContent; notice: Notice | null }) {
  return (
    <SiteContentProvider value={content}>
      <HomeDialogsProvider>
        <SiteHeader />
        <main id="main">
          <div className="mx-auto max-w-6xl px-4 pt-6 md:px-6">
            <Breadcrumb crumbs={crumbs} />
            {notice ? <NoticeLine notice={notice} className="mt-4" /> : null}
          </div>
          <Hero />
          <ServicesSection />
          <AboutSection />
          <GuaranteeSection />
          <VideoSection />
          <MapSection />
          <HelpSection />
        </main>
        <SiteFooter />
      </HomeDialogsProvider>
    </SiteContentProvider>
  );
}
