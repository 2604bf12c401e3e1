import { loadSiteContent } from "@server/content/content";
import { publicFormAction } from "@server/leads/public-forms";
import { mapRefusals } from "@server/http/refusals";
import { localBusinessJsonLd } from "~/features/home/structured-data";
import { bookOnlineCopy } from "~/content/landing";
import { BOOK_ONLINE_PATH } from "~/domain/public-pages";
import { seoMeta } from "~/features/seo/seo";
import { resolveSiteUrl } from "~/features/seo/site-url";
import { BookOnlinePage } from "~/features/landing/book-online-page";
import { IslandRoot } from "~/islands/island-root";
import type { PageHandle } from "~/islands/page-scripts";
import type { Route } from "./+types/book-online";

/** Rendered per request: the scheduler URL is run-time configuration (SCHEDULER_EMBED_URL). */
export const loader = mapRefusals(async ({ context }: Route.LoaderArgs) => {
  return {
    siteUrl: resolveSiteUrl(context),
    schedulerUrl: context.env.SCHEDULER_EMBED_URL ?? null,
    content: await loadSiteContent(context.db, context.logger),
  };
});

export const action = mapRefusals((args: Route.ActionArgs) => publicFormAction(args));

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
// Every control here works before the script (the voucher's dialog and form, the links): the island
// starts at the visitor's first tap, key or scroll (ADR 0204).
export const handle: PageHandle = { hydration: "island", islandStart: "interaction" };

export default function BookOnline({ loaderData, actionData }: Route.ComponentProps) {
  const props = { content: loaderData.content, schedulerUrl: loaderData.schedulerUrl, notice: actionData?.notice ?? null };
  return (
    <IslandRoot props={props}>
      <BookOnlinePage {...props} />
    </IslandRoot>
  );
}
