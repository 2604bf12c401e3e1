import { loadSiteContent } from "@server/content/content";
import { SiteContentProvider } from "~/features/content/site-content-context";
import { backupHomeCopy } from "~/content/landing";
import { AboutSection } from "~/features/home/about-section";
import { GuaranteeSection } from "~/features/home/guarantee-section";
import { HelpSection } from "~/features/home/help-section";
import { Hero } from "~/features/home/hero";
import { HomeDialogsProvider } from "~/features/home/home-dialogs";
import { MapSection } from "~/features/home/map-section";
import { ServicesSection } from "~/features/home/services-section";
import { SiteFooter } from "~/features/home/site-footer";
import { SiteHeader } from "~/features/home/site-header";
import { VideoSection } from "~/features/home/video-section";
import { Breadcrumb } from "~/features/seo/breadcrumb";
import { seoLoaderData } from "~/features/seo/loader";
import { BACKUP_HOME_PATH } from "~/features/seo/pages";
import { seoMeta } from "~/features/seo/seo";
import type { Route } from "./+types/home-backup";

const crumbs = [
  { name: "Home", path: "/" },
  { name: backupHomeCopy.breadcrumb, path: BACKUP_HOME_PATH },
];

// The texts come from the published site content, so edits show here at once.
export const loader = async ({ context }: Route.LoaderArgs) => ({ ...seoLoaderData(context), content: await loadSiteContent(context.db, context.logger) });

/** An older copy of the home page, kept reachable but out of search results (noindex, nofollow). */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    siteUrl: loaderData?.siteUrl ?? "",
    path: BACKUP_HOME_PATH,
    title: backupHomeCopy.title,
    description: backupHomeCopy.description,
    noindex: true,
  });

export default function HomeBackup({ loaderData }: Route.ComponentProps) {
  return (
    <SiteContentProvider value={loaderData.content}>
    <HomeDialogsProvider>
      <SiteHeader />
      <main id="main">
        <div className="mx-auto max-w-6xl px-4 pt-6 md:px-6">
          <Breadcrumb crumbs={crumbs} />
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
