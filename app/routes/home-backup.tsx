import { loadSiteContent } from "@server/content/content";
import { publicFormAction } from "@server/leads/public-forms";
import { mapRefusals } from "@server/http/refusals";
import { backupHomeCopy } from "~/content/landing";
import { seoLoaderData } from "~/features/seo/loader";
import { BACKUP_HOME_PATH } from "~/domain/public-pages";
import { seoMeta } from "~/features/seo/seo";
import { BackupHomePage } from "~/features/home/backup-home-page";
import { IslandRoot } from "~/islands/island-root";
import type { PageHandle } from "~/islands/page-scripts";
import type { Route } from "./+types/home-backup";

// The texts come from the published site content, so edits show here at once.
export const loader = mapRefusals(async ({ context }: Route.LoaderArgs) => ({
  ...seoLoaderData(context),
  content: await loadSiteContent(context.db, context.logger),
}));

export const action = mapRefusals((args: Route.ActionArgs) => publicFormAction(args));

/** An older copy of the home page, kept reachable but out of search results (noindex, nofollow). */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    siteUrl: loaderData?.siteUrl ?? "",
    path: BACKUP_HOME_PATH,
    title: backupHomeCopy.title,
    description: backupHomeCopy.description,
    noindex: true,
  });
export const handle: PageHandle = { hydration: "island" };

export default function HomeBackup({ loaderData, actionData }: Route.ComponentProps) {
  const props = { content: loaderData.content, notice: actionData?.notice ?? null };
  return (
    <IslandRoot props={props}>
      <BackupHomePage {...props} />
    </IslandRoot>
  );
}
