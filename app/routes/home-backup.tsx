import { backupHomeCopy } from "~/content/landing";
import { AboutSection, HomeHero, ServicesSection, SiteFooter, VideoSection } from "~/features/landing/home-parts";
import { TopBar } from "~/features/landing/top-bar";
import { Breadcrumb } from "~/features/seo/breadcrumb";
import { seoLoaderData } from "~/features/seo/loader";
import { BACKUP_HOME_PATH } from "~/features/seo/pages";
import { seoMeta } from "~/features/seo/seo";
import type { Route } from "./+types/home-backup";

const crumbs = [
  { name: "Home", path: "/" },
  { name: backupHomeCopy.breadcrumb, path: BACKUP_HOME_PATH },
];

export const loader = ({ context }: Route.LoaderArgs) => seoLoaderData(context);

/** An older copy of the home page, kept reachable but out of search results (noindex, nofollow). */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    siteUrl: loaderData?.siteUrl ?? "",
    path: BACKUP_HOME_PATH,
    title: backupHomeCopy.title,
    description: backupHomeCopy.description,
    noindex: true,
  });

export default function HomeBackup() {
  return (
    <>
      <TopBar scheduleLabel="Schedule An Appointment" />
      <main id="main">
        <div className="mx-auto max-w-6xl px-4 pt-6 md:px-6">
          <Breadcrumb crumbs={crumbs} />
        </div>
        <HomeHero />
        <ServicesSection />
        <AboutSection />
        <VideoSection />
      </main>
      <SiteFooter />
    </>
  );
}
